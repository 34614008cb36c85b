// The API as typed, browser-safe data: every resource and operation, and small lookups over
// them. Pure data, no server imports; the maps are built once when the module loads.
import { operations } from "./operations";
import {
  creditType,
  forwardingMethod,
  goodsType,
  merchandise,
  orderStatus,
  paymentMethod,
  returnedReason,
  socialInsurance,
} from "./resources/classifications";
import { auth, company, companyApp, loginUser } from "./resources/company";
import { forwardingAgent } from "./resources/forwarding-agent";
import { goods } from "./resources/goods";
import { goodsImage } from "./resources/goods-image";
import { goodsTag } from "./resources/goods-tag";
import { mall } from "./resources/mall";
import { paymentDeliveryConvert } from "./resources/payment-delivery-convert";
import { placeOrderRow } from "./resources/place-order-row";
import { receiveOrder } from "./resources/receive-order";
import { receiveOrderGroupingTag } from "./resources/receive-order-grouping-tag";
import { receiveOrderRow } from "./resources/receive-order-row";
import { receiveOrderUploadPattern } from "./resources/receive-order-upload-pattern";
import { setGoods } from "./resources/set-goods";
import { shop } from "./resources/shop";
import { stock } from "./resources/stock";
import { supplyOrder } from "./resources/supply-order";
import { systemQue } from "./resources/system-que";
import { warehouse } from "./resources/warehouse";
import { warehouseStock } from "./resources/warehouse-stock";
import { wholesale } from "./resources/wholesale";
import type { FieldDef, OperationDef, ResourceDef, ResourceKey } from "./types";

export * from "./types";
export { operations };
export { auditFields, field } from "./field";
export { CHOICES } from "./choice-sources";
export { classificationValues, type ClassificationKey, type ClassificationValue } from "./resources/classifications";
export { MAIL_STATUS_LETTERS, ORDER_STATUS } from "./resources/receive-order";
export { GOODS_CONDITION } from "./resources/goods";
export { GOODS_IMAGE_MAX_BYTES, GOODS_IMAGE_MAX_PIXELS, GOODS_IMAGE_STATUS } from "./resources/goods-image";
export { SET_GOODS_CONDITION } from "./resources/set-goods";
export { QUE_STATUS } from "./resources/system-que";
export { FORWARDING_AGENT_TYPE } from "./resources/forwarding-agent";
export { PAYMENT_DELIVERY_CONVERT_TYPE } from "./resources/payment-delivery-convert";

export const resources: Readonly<Record<ResourceKey, ResourceDef>> = {
  receiveOrder,
  receiveOrderRow,
  receiveOrderGroupingTag,
  paymentDeliveryConvert,
  forwardingAgent,
  receiveOrderUploadPattern,
  goods,
  goodsTag,
  goodsImage,
  setGoods,
  stock,
  warehouseStock,
  warehouse,
  placeOrderRow,
  supplyOrder,
  wholesale,
  shop,
  mall,
  company,
  companyApp,
  loginUser,
  auth,
  paymentMethod,
  creditType,
  returnedReason,
  orderStatus,
  socialInsurance,
  forwardingMethod,
  merchandise,
  goodsType,
  systemQue,
};

const operationByPath = new Map<string, OperationDef>(operations.map((o) => [o.path, o]));
const fieldsByResource = new Map<ResourceKey, Map<string, FieldDef>>(
  Object.values(resources).map((r) => [r.key, new Map(r.fields.map((f) => [f.name, f]))]),
);
const searches: readonly OperationDef[] = operations.filter((o) => o.kind === "search");

/** The operation at a path; a trailing slash is accepted (`/api_neauth/`), like the real API. */
export function getOperation(path: string): OperationDef | undefined {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return operationByPath.get(trimmed);
}

export function getResource(key: ResourceKey): ResourceDef {
  return resources[key];
}

/** A field of a resource by its full name, or undefined. */
export function getField(resourceKey: ResourceKey, name: string): FieldDef | undefined {
  return fieldsByResource.get(resourceKey)?.get(name);
}

/** Every search operation (each has a count twin). */
export function searchOperations(): readonly OperationDef[] {
  return searches;
}

/** The operations of one resource. */
export function operationsOf(resourceKey: ResourceKey): readonly OperationDef[] {
  return operations.filter((o) => o.resource === resourceKey);
}
