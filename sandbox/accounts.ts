// The sandbox's fixed accounts (DESIGN.md "Contracts"): one app (and its registered redirect URI),
// two companies, three users.
// The data generator and the seeds fill data for exactly these companies.
import { createHash } from "node:crypto";

export const SANDBOX_APP = {
  clientId: "sandbox-client-id",
  clientSecret: "sandbox-client-secret",
  /** The app's id in the app menu (`/apps/launch/?id=..`) and the name the menu shows. */
  id: "1",
  name: "Backyard",
} as const;

/**
 * The app's registered redirect URI unless SANDBOX_REDIRECT_URI says otherwise: the dashboard of
 * `npm start` on its default port. A sign-in naming another is refused, as the real check does.
 */
export const DEFAULT_REDIRECT_URI = "http://localhost:3000/auth/callback";

export const SANDBOX_PASSWORD = "sandbox";

export interface SandboxCompany {
  /** Hidden company column of every data table (`company_ne_id`). */
  neId: string;
  /** Main-function company id (`company_id`). */
  id: string;
  name: string;
  kana: string;
  appHeader: string;
  host: string;
}

export const SANDBOX_COMPANIES: readonly [SandboxCompany, SandboxCompany] = [
  {
    neId: "NE0000000001",
    id: "1",
    name: "サンドボックス商店",
    kana: "サンドボックスショウテン",
    appHeader: "sandbox1",
    host: "main.sandbox.test",
  },
  {
    neId: "NE0000000002",
    id: "2",
    name: "アナザー物産",
    kana: "アナザーブッサン",
    appHeader: "another2",
    host: "main.another.test",
  },
];

export interface SandboxUser {
  uid: string;
  loginCode: string;
  companyNeId: string;
  picId: number;
  picNeId: string;
  picName: string;
  picKana: string;
  picMailAddress: string;
}

function uidOf(loginCode: string): string {
  return createHash("sha256").update(`sandbox-uid:${loginCode}`).digest("hex").slice(0, 32);
}

function user(loginCode: string, company: SandboxCompany, picId: number, picName: string, picKana: string): SandboxUser {
  return {
    uid: uidOf(loginCode),
    loginCode,
    companyNeId: company.neId,
    picId,
    picNeId: `NEP${String(picId).padStart(9, "0")}`,
    picName,
    picKana,
    picMailAddress: loginCode,
  };
}

const [company1, company2] = SANDBOX_COMPANIES;

export const SANDBOX_USERS: readonly SandboxUser[] = [
  user("staff@sandbox.test", company1, 1, "佐藤 花子", "サトウ ハナコ"),
  user("manager@sandbox.test", company1, 2, "鈴木 一郎", "スズキ イチロウ"),
  user("operator@another.test", company2, 3, "高橋 健", "タカハシ ケン"),
];
