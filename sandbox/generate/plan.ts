// What each sandbox company gets: sizes, shops, warehouses and staff. Company 1 is the main shop
// business; company 2 is a smaller one (a tea and food shop), so the data of the two differ.
import { SANDBOX_COMPANIES, SANDBOX_USERS } from "../accounts";
import type { Staff } from "./audit";

export interface ShopPlan {
  id: number;
  name: string;
  kana: string;
  abbreviated: string;
  mallId: number;
  /** Share of the company's orders. */
  weight: number;
  /** How the mall numbers its orders. */
  orderNumber: "rakuten" | "yahoo" | "amazon" | "aupay" | "qoo10" | "own" | "wholesale";
  /** Payment classification ids and their weights. */
  payments: readonly (readonly [id: string, weight: number])[];
  /** Store account used in some order numbers and URLs. */
  account: string;
}

export interface WarehousePlan {
  id: number;
  name: string;
}

export interface CompanyPlan {
  index: 0 | 1;
  neId: string;
  name: string;
  /** Company code used in codes and host names. */
  code: string;
  orders: number;
  goods: number;
  setGoods: number;
  wholesale: number;
  suppliers: number;
  placeOrders: number;
  shops: readonly ShopPlan[];
  warehouses: readonly WarehousePlan[];
  staff: readonly Staff[];
  /** Catalogue families the company sells (keys of catalog.ts FAMILIES). */
  categories: readonly string[];
}

const RAKUTEN_PAY: readonly (readonly [string, number])[] = [["0", 52], ["5", 12], ["1", 9], ["15", 8], ["32", 7], ["3", 5], ["85", 2], ["42", 1], ["22", 1], ["18", 1], ["50", 1], ["40", 1]];
const YAHOO_PAY: readonly (readonly [string, number])[] = [["0", 40], ["6", 25], ["1", 8], ["15", 6], ["32", 9], ["3", 5], ["7", 2], ["8", 2], ["9", 1], ["33", 1], ["34", 1]];
const AMAZON_PAY: readonly (readonly [string, number])[] = [["0", 70], ["32", 8], ["1", 8], ["11", 6], ["42", 4], ["99", 4]];
const AUPAY_PAY: readonly (readonly [string, number])[] = [["0", 55], ["8", 25], ["1", 10], ["31", 10]];
const QOO10_PAY: readonly (readonly [string, number])[] = [["0", 60], ["35", 15], ["14", 10], ["41", 15]];
const OWN_PAY: readonly (readonly [string, number])[] = [["0", 40], ["1", 12], ["15", 10], ["16", 2], ["3", 10], ["4", 8], ["12", 3], ["13", 3], ["30", 4], ["20", 2], ["21", 1], ["17", 2], ["2", 1], ["19", 1], ["61", 1]];
const WHOLESALE_PAY: readonly (readonly [string, number])[] = [["95", 60], ["16", 25], ["70", 10], ["80", 5]];

export function companyPlans(totalOrders: number): [CompanyPlan, CompanyPlan] {
  const [c1, c2] = SANDBOX_COMPANIES;
  const second = totalOrders <= 1 ? 0 : Math.max(1, Math.floor(totalOrders * 0.15));
  const first = totalOrders - second;
  const staffOf = (neId: string, extra: readonly Staff[]): Staff[] => [
    ...SANDBOX_USERS.filter((u) => u.companyNeId === neId).map((u) => ({ id: u.picId, name: u.picName })),
    ...extra,
  ];
  return [
    {
      index: 0,
      neId: c1.neId,
      name: c1.name,
      code: "sandbox1",
      orders: first,
      goods: 2000,
      setGoods: 60,
      wholesale: 30,
      suppliers: 14,
      placeOrders: 480,
      shops: [
        { id: 1, name: "サンドボックス商店 楽天市場店", kana: "サンドボックスショウテン ラクテンイチバテン", abbreviated: "楽天", mallId: 1, weight: 34, orderNumber: "rakuten", payments: RAKUTEN_PAY, account: "sandbox-shop" },
        { id: 2, name: "サンドボックス商店 Yahoo!店", kana: "サンドボックスショウテン ヤフーテン", abbreviated: "Yahoo", mallId: 2, weight: 24, orderNumber: "yahoo", payments: YAHOO_PAY, account: "sandbox-store" },
        { id: 3, name: "サンドボックス商店 Amazon店", kana: "サンドボックスショウテン アマゾンテン", abbreviated: "Amazon", mallId: 3, weight: 20, orderNumber: "amazon", payments: AMAZON_PAY, account: "A2SANDBOX1" },
        { id: 4, name: "サンドボックス商店 本店", kana: "サンドボックスショウテン ホンテン", abbreviated: "本店", mallId: 7, weight: 13, orderNumber: "own", payments: OWN_PAY, account: "sandbox" },
        { id: 5, name: "サンドボックス商店 au PAY マーケット店", kana: "サンドボックスショウテン エーユーペイマーケットテン", abbreviated: "auPAY", mallId: 4, weight: 5, orderNumber: "aupay", payments: AUPAY_PAY, account: "sandbox-au" },
        { id: 6, name: "サンドボックス商店 Qoo10店", kana: "サンドボックスショウテン キューテンテン", abbreviated: "Qoo10", mallId: 5, weight: 3, orderNumber: "qoo10", payments: QOO10_PAY, account: "sandboxq" },
        { id: 7, name: "サンドボックス商店 卸・法人営業", kana: "サンドボックスショウテン オロシ・ホウジンエイギョウ", abbreviated: "卸", mallId: 10, weight: 1, orderNumber: "wholesale", payments: WHOLESALE_PAY, account: "b2b" },
      ],
      warehouses: [
        { id: 1, name: "基本拠点" },
        { id: 2, name: "東日本物流センター" },
        { id: 3, name: "西日本物流センター" },
      ],
      staff: staffOf(c1.neId, [
        { id: 11, name: "田中 美咲" },
        { id: 12, name: "伊藤 健太" },
        { id: 13, name: "渡辺 由美" },
      ]),
      categories: ["apparel", "kitchen", "towel", "stationery", "interior", "food", "beauty", "outdoor"],
    },
    {
      index: 1,
      neId: c2.neId,
      name: c2.name,
      code: "another2",
      orders: second,
      goods: 300,
      setGoods: 12,
      wholesale: 6,
      suppliers: 4,
      placeOrders: 60,
      shops: [
        { id: 1, name: "アナザー物産 本店", kana: "アナザーブッサン ホンテン", abbreviated: "本店", mallId: 7, weight: 45, orderNumber: "own", payments: OWN_PAY, account: "another" },
        { id: 2, name: "アナザー物産 楽天市場店", kana: "アナザーブッサン ラクテンイチバテン", abbreviated: "楽天", mallId: 1, weight: 40, orderNumber: "rakuten", payments: RAKUTEN_PAY, account: "another-tea" },
        { id: 3, name: "アナザー物産 卸", kana: "アナザーブッサン オロシ", abbreviated: "卸", mallId: 10, weight: 15, orderNumber: "wholesale", payments: WHOLESALE_PAY, account: "b2b" },
      ],
      warehouses: [
        { id: 1, name: "基本拠点" },
        { id: 2, name: "静岡倉庫" },
      ],
      staff: staffOf(c2.neId, [
        { id: 21, name: "松本 陽菜" },
        { id: 22, name: "井上 蓮" },
      ]),
      categories: ["tea", "food", "kitchen"],
    },
  ];
}
