// The API as typed data: the shapes every registry entry follows.
// Browser-safe: no secrets, no server imports. The BFF validates against it, the grids build
// columns and filters from it, and the sandbox builds its tables and answers queries from it.

/** Logical field types of the spec (section 2): string, number, date-time. */
export type FieldType = "S" | "N" | "D";

/**
 * How far the API's date-times (type D) are ahead of UTC: they are Japan time written with no
 * offset, and Japan keeps no daylight saving, so one fixed number serves every date. The app and
 * the sandbox both read it from here.
 */
export const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Every condition operator of the API; which types take each: OPERATOR_TYPES. */
export const OPERATORS = [
  "eq",
  "neq",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "nin",
  "like",
  "nlike",
  "nlikeornull",
  "blank",
  "nblank",
  "null",
  "nnull",
] as const;
export type Operator = (typeof OPERATORS)[number];

/**
 * The official operator table (developer site, パラメータ比較演算子): the field types each
 * operator is accepted on (S string, N number, D date-time). The API refuses the rest.
 */
export const OPERATOR_TYPES: Readonly<Record<Operator, readonly FieldType[]>> = {
  eq: ["S", "N", "D"],
  neq: ["S", "N", "D"],
  lt: ["N", "D"],
  lte: ["N", "D"],
  gt: ["N", "D"],
  gte: ["N", "D"],
  in: ["S", "N"],
  nin: ["S", "N"],
  like: ["S"],
  nlike: ["S"],
  nlikeornull: ["S"],
  blank: ["S", "N", "D"],
  nblank: ["S", "N", "D"],
  null: ["S", "N", "D"],
  nnull: ["S", "N", "D"],
};

/** The operators of each field type, in the order of OPERATORS (from OPERATOR_TYPES). */
export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly Operator[]>> = {
  S: OPERATORS.filter((op) => OPERATOR_TYPES[op].includes("S")),
  N: OPERATORS.filter((op) => OPERATOR_TYPES[op].includes("N")),
  D: OPERATORS.filter((op) => OPERATOR_TYPES[op].includes("D")),
};

/** Whether the API accepts `op` on a field: the operators the registry gives the field. */
export function acceptsOperator(field: Pick<FieldDef, "operators">, op: Operator): boolean {
  return field.operators.includes(op);
}

/** Operators that take no value (the parameter is sent with an empty value). */
export const VALUELESS_OPERATORS: readonly Operator[] = ["blank", "nblank", "null", "nnull"];
/** Operators whose value is a comma-separated list (1000 values at most). */
export const LIST_OPERATORS: readonly Operator[] = ["in", "nin"];
export const MAX_LIST_VALUES = 1000;

export interface Label {
  ja: string;
  en: string;
}

export interface EnumValue {
  value: string;
  label: Label;
}

/** How a grid shows a value; derived from the type when absent. */
export type FieldFormat = "text" | "yen" | "quantity" | "number" | "percent" | "datetime" | "date" | "enum" | "flag" | "color" | "url";

export interface FieldDef {
  /** Full field name as the API uses it, prefix included (e.g. `receive_order_id`). */
  name: string;
  type: FieldType;
  label: Label;
  /** Operators accepted in `<name>-<op>` conditions: those of its type (OPERATORS_BY_TYPE). */
  operators: readonly Operator[];
  /** Fixed values given by the spec (order status 3.1, image status 3.2, flags, ...). */
  enum?: readonly EnumValue[];
  /** An info operation whose rows give this field's choices (e.g. payment methods). */
  choicesFrom?: ChoicesSource;
  /** False where the spec says the field cannot be searched (the order grouping tag). */
  searchable: boolean;
  format?: FieldFormat;
  /** Why a name was chosen where the spec does not show it (goods master, 2.7). */
  note?: string;
}

/** Where an enum-like field takes its choices from at run time. */
export interface ChoicesSource {
  /** Operation path, e.g. `/api_v1_system_paymentmethod/info`. */
  path: string;
  /** Field of the answer rows holding the value. */
  valueField: string;
  /** Field of the answer rows holding the display name. */
  labelField: string;
  /** Field holding a short name for cells (a shop's abbreviation), the full name on hover. */
  shortLabelField?: string;
}

export type ResourceKey =
  | "receiveOrder"
  | "receiveOrderRow"
  | "receiveOrderGroupingTag"
  | "paymentDeliveryConvert"
  | "forwardingAgent"
  | "receiveOrderUploadPattern"
  | "goods"
  | "goodsTag"
  | "goodsImage"
  | "setGoods"
  | "stock"
  | "warehouseStock"
  | "warehouse"
  | "placeOrderRow"
  | "supplyOrder"
  | "wholesale"
  | "shop"
  | "mall"
  | "company"
  | "companyApp"
  | "loginUser"
  | "auth"
  | "paymentMethod"
  | "creditType"
  | "returnedReason"
  | "orderStatus"
  | "socialInsurance"
  | "forwardingMethod"
  | "merchandise"
  | "goodsType"
  | "systemQue";

export interface ResourceDef {
  key: ResourceKey;
  label: Label;
  /** Field-name prefix, e.g. `receive_order_` (empty for classification lists). */
  prefix: string;
  /** Spec section the fields come from (e.g. "2.5"), or "DESIGN.md" for extensions. */
  section: string;
  fields: readonly FieldDef[];
  /** Field(s) whose order is the answer order (rows come in primary-key order). */
  primaryKey: readonly string[];
  /** Field naming the row for people (used in drawers and exports). */
  titleField?: string;
}

export type OperationKind = "search" | "count" | "info" | "upload" | "auth" | "list";

export interface OperationDef {
  path: `/${string}`;
  kind: OperationKind;
  resource: ResourceKey;
  /** Spec section 4 (false) or an extension from DESIGN.md (true). */
  extension: boolean;
  /** May a page call it through the BFF proxy? Never for `/api_neauth` and `/api_app/company`. */
  browser: boolean;
  /** Request parameters beyond the common ones of 2.1 and the conditions of 2.3. */
  extraParams: readonly string[];
  /** The count twin of a search, or the search twin of a count. */
  twin?: `/${string}`;
}
