// Goods images with their tag links (spec 2.11), `/api_v1_master_goodsimage/search`.
// One answer row joins an image (goods_image_), its link to a tag (goods_image_tag_) and the
// tag itself (image_tag_).
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG, auditFields, field, values } from "../field";
import type { ResourceDef } from "../types";

const P = "goods_image_";
const LINK = "goods_image_tag_";
const TAG = "image_tag_";

/** Image file status, spec 3.2. */
export const GOODS_IMAGE_STATUS = values(
  ["0", "未ダウンロード", "Not downloaded"],
  ["1", "ダウンロード中", "Downloading"],
  ["2", "ダウンロード済", "Downloaded"],
  ["3", "アップロード済", "Uploaded"],
  ["4", "アップロード中", "Uploading"],
  ["9", "削除済", "Deleted"],
);

/** Limits of spec 8. */
export const GOODS_IMAGE_MAX_BYTES = 500 * 1024;
export const GOODS_IMAGE_MAX_PIXELS = 2100;

export const goodsImage: ResourceDef = {
  key: "goodsImage",
  label: { ja: "商品画像", en: "Goods images" },
  prefix: P,
  section: "2.11",
  primaryKey: [`${P}id`],
  titleField: `${P}file_name`,
  fields: [
    field(`${P}id`, "N", "画像ID", "Image ID"),
    field(`${P}goods_id`, "S", "商品コード", "Goods code"),
    field(`${P}file_name`, "S", "ファイル名", "File name"),
    field(`${P}url_http`, "S", "画像URL(http)", "Image URL (http)", { format: "url" }),
    field(`${P}url_https`, "S", "画像URL(https)", "Image URL (https)", { format: "url" }),
    field(`${P}size`, "N", "ファイルサイズ(バイト)", "Size (bytes)", { note: "At most 500 KB (1024-based)." }),
    field(`${P}width`, "N", "幅(px)", "Width (px)", { note: "At most 2100." }),
    field(`${P}height`, "N", "高さ(px)", "Height (px)", { note: "At most 2100." }),
    field(`${P}alt`, "S", "alt属性", "Alt text"),
    field(`${P}convert_flg`, "N", "JPEG自動変換", "Converted JPEG", {
      enum: values(["0", "なし", "None"], ["1", "JPEGあり", "JPEG exists"]),
      format: "flag",
      note: "1: a JPEG was made automatically; replace the URL's extension with jpg to reach it.",
    }),
    field(`${P}display_order`, "S", "表示順", "Display order"),
    field(`${P}status`, "N", "ファイル状態", "File status", { enum: GOODS_IMAGE_STATUS }),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(P, { nullSafe: true }),

    field(`${LINK}id`, "N", "画像タグ紐付ID", "Image-tag link ID"),
    field(`${LINK}goods_image_id`, "N", "紐付先画像ID", "Linked image ID"),
    field(`${LINK}image_tag_id`, "N", "紐付先タグID", "Linked tag ID"),
    field(`${LINK}deleted_flag`, "S", "紐付削除フラグ", "Link deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(LINK, { nullSafe: true }),

    field(`${TAG}id`, "N", "画像タグID", "Image tag ID"),
    field(`${TAG}mall_id`, "N", "タグのモール", "Tag mall", { choicesFrom: CHOICES.mall, format: "enum" }),
    field(`${TAG}mall_sub_id`, "N", "タグのモールサブID", "Tag mall sub ID"),
    field(`${TAG}text`, "S", "画像タグ", "Image tag"),
    field(`${TAG}auto_register_no`, "N", "自動登録番号", "Auto-register number"),
    field(`${TAG}display_order`, "N", "タグ表示順", "Tag display order"),
    field(`${TAG}deleted_flag`, "S", "タグ削除フラグ", "Tag deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(TAG, { nullSafe: true }),
  ],
};
