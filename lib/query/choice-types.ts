// A choices source: the registry's (`path`, `valueField`, `labelField`) plus optional conditions
// and fields, for lists that need narrowing (delivery methods from the delivery-method items).
import type { ConditionInput } from "@/lib/bff/operation-request";
import type { ChoicesSource as RegistryChoicesSource } from "@/lib/ne/registry/types";

export type { ConditionInput };

export interface ChoicesSource extends RegistryChoicesSource {
  conditions?: readonly ConditionInput[];
  extraFields?: readonly string[];
}
