// Delivery-method items (spec 2.12), `/api_v1_receiveorder_forwardingagent/search`: the service
// types, office holds, time slots, waybills, temperatures and seals each delivery method offers.
import { DELETED_FLAG_ONE_VALID, field, values } from "../field";
import type { ResourceDef } from "../types";

const P = "forwarding_agent_";

export const FORWARDING_AGENT_TYPE = values(
  ["binsyu_kbn", "便種", "Service type"],
  ["eigyosyo_dome_kbn", "営業所止め", "Hold at office"],
  ["jikantaisitei_kbn", "時間帯指定", "Time slot"],
  ["okurijyo_kbn", "送り状", "Waybill type"],
  ["ondo_kbn", "温度帯", "Temperature zone"],
  ["seal1_kbn", "シール1", "Seal 1"],
  ["seal2_kbn", "シール2", "Seal 2"],
  ["seal3_kbn", "シール3", "Seal 3"],
  ["seal4_kbn", "シール4", "Seal 4"],
);

export const forwardingAgent: ResourceDef = {
  key: "forwardingAgent",
  label: { ja: "発送方法別項目", en: "Delivery-method items" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`, `${P}type`, `${P}type_id`],
  titleField: `${P}type_name`,
  fields: [
    field(`${P}id`, "S", "発送方法", "Delivery method", { note: "Matches delivery_id." }),
    field(`${P}type`, "S", "項目種類", "Item type", { enum: FORWARDING_AGENT_TYPE }),
    field(`${P}type_id`, "S", "項目ID", "Item id"),
    field(`${P}type_name`, "S", "項目名", "Item name"),
    field(`${P}display_order`, "N", "表示順", "Display order"),
    field(`${P}deleted_flag`, "S", "有効フラグ", "Valid", {
      enum: DELETED_FLAG_ONE_VALID,
      format: "flag",
      note: "1 = valid (spec 2.12).",
    }),
  ],
};
