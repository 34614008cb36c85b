// The look-ups' calls (lib/csv fetchLookups) through the BFF proxy, as every page calls the API.
import type { LookupCount, LookupSearch } from "@/lib/csv";
import { callCount, callSearch, type NeRequest } from "@/lib/query/call-operation";
import { OPERATORS, type Operator } from "@/lib/ne/registry/types";

type Conditions = Parameters<LookupSearch>[1]["conditions"];

function isOperator(op: string): op is Operator {
  return (OPERATORS as readonly string[]).includes(op);
}

// The reader names operators as plain strings; the proxy takes only the API's.
function conditionsOf(conditions: Conditions): NeRequest["conditions"] {
  return conditions?.map(({ field, op, value }) => {
    if (!isOperator(op)) throw new Error(`not an API operator: ${op}`);
    return { field, op, value };
  });
}

export const lookupSearch: LookupSearch = async (path, request) => {
  const answer = await callSearch(path, { ...request, conditions: conditionsOf(request.conditions) });
  return { rows: answer.rows };
};

export const lookupCount: LookupCount = async (path, request) => {
  const answer = await callCount(path, { conditions: conditionsOf(request.conditions) });
  return answer.count;
};
