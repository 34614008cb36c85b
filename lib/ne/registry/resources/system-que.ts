// Upload queue: an extension (DESIGN.md), `/api_v1_system_que/search` and `/count`. Each upload
// answers a que_id; the job's progress is read here.
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG, auditFields, field, values } from "../field";
import type { ResourceDef } from "../types";

const P = "que_";

export const QUE_STATUS = values(
  ["0", "待機中", "Waiting"],
  ["1", "処理中", "Processing"],
  ["2", "完了", "Done"],
  ["-1", "失敗", "Failed"],
);

export const systemQue: ResourceDef = {
  key: "systemQue",
  label: { ja: "アップロードキュー", en: "Upload queue" },
  prefix: P,
  section: "DESIGN.md",
  primaryKey: [`${P}id`],
  titleField: `${P}client_file_name`,
  fields: [
    field(`${P}id`, "N", "キューID", "Queue ID"),
    field(`${P}method_name`, "S", "機能名", "Operation"),
    field(`${P}shop_id`, "S", "店舗", "Shop", { choicesFrom: CHOICES.shop, format: "enum" }),
    field(`${P}upload_name`, "S", "アップロード名", "Upload name"),
    field(`${P}client_file_name`, "S", "ファイル名（送信元）", "Client file name"),
    field(`${P}file_name`, "S", "ファイル名", "File name"),
    field(`${P}status_id`, "N", "状態", "Status", { enum: QUE_STATUS }),
    field(`${P}message`, "S", "メッセージ", "Message", { note: "Why a job failed." }),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
