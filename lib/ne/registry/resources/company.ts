// The signed-in company (spec 2.12), `/api_v1_login_company/info`; the companies an app may act
// for, `/api_app/company` (server only); and the signed-in person, `/api_v1_login_user/info`
// (an extension, DESIGN.md).
import { DELETED_FLAG, auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "company_";

export const company: ResourceDef = {
  key: "company",
  label: { ja: "企業情報", en: "Company" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}name`, "S", "企業名", "Company name"),
    field(`${P}kana`, "S", "企業名カナ", "Company name (kana)"),
    field(`${P}zip_code`, "S", "郵便番号", "Postal code"),
    field(`${P}address1`, "S", "住所1", "Address 1"),
    field(`${P}address2`, "S", "住所2", "Address 2"),
    field(`${P}post_name`, "S", "部署名", "Department"),
    field(`${P}pic_name`, "S", "担当者名", "Contact person"),
    field(`${P}mail_address`, "S", "メールアドレス", "Email"),
    field(`${P}phone`, "S", "電話番号", "Phone"),
    field(`${P}fax`, "S", "FAX", "Fax"),
    field(`${P}url`, "S", "URL", "URL", { format: "url" }),
    field(`${P}closing_day`, "S", "締日", "Closing day"),
    field(`${P}last_closing_date`, "D", "最終締日", "Last closing date"),
    field(`${P}fraction_number_digit`, "N", "端数処理桁", "Rounding digit"),
    field(`${P}fraction_id`, "S", "端数処理区分", "Rounding"),
    field(`${P}fraction_name`, "S", "端数処理区分名", "Rounding name"),
    field(`${P}tax_id`, "S", "税区分", "Tax"),
    field(`${P}tax_name`, "S", "税区分名", "Tax name"),
    field(`${P}temporarily_suspend_flag`, "S", "一時停止", "Temporarily suspended", { format: "flag" }),
    field(`${P}available_date`, "D", "利用開始日", "Available from"),
    field(`${P}unavailable_date`, "D", "利用終了日", "Available until"),
    field(`${P}notice_mail_address`, "S", "お知らせメールアドレス", "Notice email"),
    field(`${P}buying_type`, "S", "購入種別", "Buying type"),
    field(`${P}batch_type`, "S", "バッチ種別", "Batch type"),
    field(`${P}coupon_code`, "S", "クーポンコード", "Coupon code"),
    field(`${P}type_id`, "S", "企業種別", "Company type"),
    field(`${P}ip_address`, "S", "IPアドレス", "IP address"),
    field(`${P}row_order`, "N", "並び順", "Row order"),
    field(`${P}id`, "S", "企業ID（メイン機能単位）", "Company ID (per main function)", {
      note: "One company (ne_id) can own several ids.",
    }),
    field(`${P}ne_id`, "S", "企業NE ID", "Company NE ID", { note: "Unique company id." }),
    field(`${P}host`, "S", "メイン機能ホスト", "Main-function host"),
    field(`${P}app_header`, "S", "アプリヘッダー", "App header"),
    field(`${P}now_tax_percent`, "N", "現在の消費税率", "Current tax rate", { format: "percent" }),
    field(`${P}primary_tax_rate_for_discount`, "N", "値引の主たる税率", "Primary tax rate for discounts", {
      format: "percent",
      note: "NULL = proportional; otherwise 10, 8 or 0.",
    }),
    field(`${P}invoice_registration_number`, "S", "適格請求書発行事業者登録番号", "Invoice registration number"),
    field(`${P}hit_syohin_alert_hour`, "N", "ヒット商品お知らせ時間", "Hit-goods notice hours", {
      note: "0 = no notice.",
    }),
    field(`${P}hit_syohin_alert_quantity`, "N", "ヒット商品お知らせ個数", "Hit-goods notice quantity", {
      format: "quantity",
    }),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    // Spec 2.4 lists company_ without null_safe variants but says the samples show them.
    ...auditFields(P, { nullSafe: true }),
  ],
};

export const companyApp: ResourceDef = {
  key: "companyApp",
  label: { ja: "契約企業一覧", en: "Companies using the app" },
  prefix: P,
  section: "4",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "S", "企業ID", "Company ID", { note: "The one field spec section 4 names." }),
    field(`${P}ne_id`, "S", "企業NE ID", "Company NE ID", { note: "As /api_neauth answers it." }),
    field(`${P}name`, "S", "企業名", "Company name", { note: "As /api_neauth answers it." }),
    field(`${P}kana`, "S", "企業名カナ", "Company name (kana)", { note: "As /api_neauth answers it." }),
  ],
};

export const loginUser: ResourceDef = {
  key: "loginUser",
  label: { ja: "ログインユーザー", en: "Signed-in user" },
  prefix: "pic_",
  section: "DESIGN.md",
  primaryKey: ["pic_id"],
  titleField: "pic_name",
  fields: [
    field("uid", "S", "ユーザーID (uid)", "User ID (uid)"),
    field("pic_id", "N", "担当者ID", "Person ID"),
    field("pic_ne_id", "S", "担当者NE ID", "Person NE ID"),
    field("pic_name", "S", "担当者名", "Name"),
    field("pic_kana", "S", "担当者名カナ", "Name (kana)"),
    field("pic_mail_address", "S", "メールアドレス", "Email"),
  ],
};

/** The top-level fields of the `/api_neauth` answer (spec 4): there is no data array. */
export const auth: ResourceDef = {
  key: "auth",
  label: { ja: "認証", en: "Sign-in" },
  prefix: "",
  section: "4",
  primaryKey: ["uid"],
  titleField: "pic_name",
  fields: [
    field("result", "S", "結果", "Result", {
      enum: [
        { value: "success", label: { ja: "成功", en: "Success" } },
        { value: "error", label: { ja: "エラー", en: "Error" } },
        { value: "redirect", label: { ja: "再ログイン", en: "Redirect" } },
      ],
    }),
    field("access_token", "S", "アクセストークン", "Access token", { searchable: false }),
    field("refresh_token", "S", "リフレッシュトークン", "Refresh token", { searchable: false }),
    field("company_app_header", "S", "企業アプリヘッダー", "Company app header", { searchable: false }),
    field("company_ne_id", "S", "企業NE ID", "Company NE ID", { searchable: false }),
    field("company_name", "S", "企業名", "Company name", { searchable: false }),
    field("company_kana", "S", "企業名カナ", "Company name (kana)", { searchable: false }),
    field("uid", "S", "ユーザーID (uid)", "User ID (uid)", { searchable: false }),
    field("pic_ne_id", "S", "担当者NE ID", "Person NE ID", { searchable: false }),
    field("pic_name", "S", "担当者名", "Name", { searchable: false }),
    field("pic_kana", "S", "担当者名カナ", "Name (kana)", { searchable: false }),
    field("pic_mail_address", "S", "メールアドレス", "Email", { searchable: false }),
  ],
};
