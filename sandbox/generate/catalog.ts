// The goods catalogue of one company: goods in families (colors, sizes, grades) with prices,
// codes, JAN codes, makers and suppliers; goods tags; set goods; goods images with their tags.
import { classificationValues } from "../../lib/ne/registry";
import type { LoadRow } from "../loader";
import { audit, type Staff } from "./audit";
import { DAY_MS, jst, jstDate } from "./jst";
import type { Supplier, Tables } from "./masters";
import type { CompanyPlan } from "./plan";
import type { Random } from "./random";

type Variant = readonly [code: string, label: string];

interface Family {
  prefix: string;
  names: readonly string[];
  /** Variant axes: each goods of a family is one combination. */
  axes: readonly (readonly Variant[])[];
  price: readonly [number, number];
  taxRate: number;
  /** Goods that fit a mail service (ネコポス, ゆうパケット). */
  mail: boolean;
  fragile: boolean;
  forwarding?: (name: string) => "0" | "1" | "2";
  makers: readonly (readonly [name: string, kana: string])[];
  origin: readonly string[];
  description: string;
  weight: readonly [number, number];
}

const COLORS: readonly Variant[] = [["WHT", "ホワイト"], ["BLK", "ブラック"], ["NVY", "ネイビー"], ["GRY", "グレー"], ["BEG", "ベージュ"], ["KHK", "カーキ"]];
const SIZES: readonly Variant[] = [["S", "S"], ["M", "M"], ["L", "L"], ["XL", "XL"]];
const WARE_COLORS: readonly Variant[] = [["WH", "白"], ["AI", "藍"], ["KR", "黒"], ["SK", "桜"], ["KI", "黄瀬戸"]];
const TOWEL_COLORS: readonly Variant[] = [["IV", "アイボリー"], ["PK", "ピンク"], ["BL", "ブルー"], ["GN", "グリーン"], ["BR", "ブラウン"], ["GY", "グレー"]];
const PEN_COLORS: readonly Variant[] = [["BK", "黒"], ["RD", "赤"], ["BL", "青"], ["GN", "緑"]];
const WEIGHTS: readonly Variant[] = [["050", "50g"], ["100", "100g"], ["200", "200g"]];
const GRADES: readonly Variant[] = [["TOKU", "特上"], ["JOU", "上"], ["NAMI", "並"]];
const COUNTS: readonly Variant[] = [["01", "1個"], ["03", "3個セット"], ["06", "6個セット"]];

export const FAMILIES: Readonly<Record<string, Family>> = {
  apparel: {
    prefix: "AP",
    names: ["オーガニックコットンTシャツ", "リネンシャツ", "スウェットパーカー", "ストレッチデニムパンツ", "ニットカーディガン", "ルームウェア上下セット", "ワッフルロングTシャツ", "ダウンベスト", "チノパンツ", "ボアフリースジャケット"],
    axes: [COLORS, SIZES], price: [1980, 12800], taxRate: 10, mail: true, fragile: false,
    makers: [["ハミングテキスタイル", "ハミングテキスタイル"], ["岡山デニム工房", "オカヤマデニムコウボウ"], ["北欧ウェア", "ホクオウウェア"]],
    origin: ["日本", "中国", "ベトナム", "バングラデシュ"], description: "肌ざわりのよい素材で、毎日着られる定番アイテムです。", weight: [150, 900],
  },
  kitchen: {
    prefix: "KT",
    names: ["波佐見焼マグカップ", "有田焼 取り皿", "南部鉄器 急須 0.6L", "ステンレス保温ボトル 500ml", "ひのき カッティングボード", "竹箸 5膳セット", "伊賀焼 土鍋 8号", "琺瑯ミルクパン 14cm", "耐熱ガラス保存容器", "美濃焼 飯碗"],
    axes: [WARE_COLORS], price: [980, 9800], taxRate: 10, mail: false, fragile: true,
    makers: [["西海陶器", "サイカイトウキ"], ["岩鋳", "イワチュウ"], ["燕三条キッチン", "ツバメサンジョウキッチン"]],
    origin: ["日本（長崎県）", "日本（岩手県）", "日本（新潟県）", "日本（岐阜県）"], description: "職人が一点ずつ仕上げた、食卓になじむ器です。", weight: [200, 3200],
  },
  towel: {
    prefix: "TW",
    names: ["今治フェイスタオル", "今治バスタオル", "ガーゼハンカチ", "泉州タオル 5枚組", "今治ハンドタオル", "オーガニックバスマット"],
    axes: [TOWEL_COLORS], price: [660, 4400], taxRate: 10, mail: true, fragile: false,
    makers: [["今治タオル工房", "イマバリタオルコウボウ"], ["泉州織物", "センシュウオリモノ"]],
    origin: ["日本（愛媛県）", "日本（大阪府）"], description: "吸水性に優れ、洗うほどにふんわり仕上がります。", weight: [60, 700],
  },
  stationery: {
    prefix: "ST",
    names: ["A5 方眼ノート", "ゲルインクボールペン 0.5mm", "マスキングテープ 10巻セット", "レザー手帳カバー", "木製ペンケース", "万年筆 細字", "一筆箋 和紙"],
    axes: [PEN_COLORS], price: [220, 15000], taxRate: 10, mail: true, fragile: false,
    makers: [["文具のミカワ", "ブングノミカワ"], ["和紙工房 楮", "ワシコウボウ コウゾ"]],
    origin: ["日本", "ドイツ"], description: "書き心地にこだわった、毎日使える文房具です。", weight: [20, 300],
  },
  interior: {
    prefix: "IN",
    names: ["LEDデスクライト", "北欧柄クッションカバー 45cm", "アロマディフューザー", "珪藻土バスマット", "ウォールクロック 30cm", "収納ボックス 2個組", "ラタンバスケット"],
    axes: [COLORS.slice(0, 3)], price: [1480, 12800], taxRate: 10, mail: false, fragile: false,
    makers: [["ライフスタイルラボ", "ライフスタイルラボ"], ["北欧インテリア商会", "ホクオウインテリアショウカイ"]],
    origin: ["日本", "中国", "インドネシア"], description: "お部屋になじむシンプルなデザインです。", weight: [300, 4000],
  },
  food: {
    prefix: "FD",
    names: ["国産はちみつ", "手焼きせんべい詰め合わせ", "北海道産 日高昆布", "讃岐うどん 6食", "博多辛子明太子", "冷凍 手作り餃子", "有機ドライマンゴー", "紀州南高梅 梅干し", "国産黒豆茶"],
    axes: [WEIGHTS], price: [540, 5400], taxRate: 8, mail: false, fragile: false,
    forwarding: (name) => (name.includes("明太子") ? "1" : name.includes("冷凍") ? "2" : "0"),
    makers: [["北の恵み食品", "キタノメグミショクヒン"], ["紀州梅本舗", "キシュウウメホンポ"], ["博多味処", "ハカタアジドコロ"]],
    origin: ["日本（北海道）", "日本（和歌山県）", "日本（福岡県）", "日本（香川県）"], description: "素材の味をいかした、毎日の食卓にうれしい一品です。", weight: [100, 1500],
  },
  beauty: {
    prefix: "BT",
    names: ["無添加ボディソープ", "シアバターハンドクリーム", "保湿化粧水 200ml", "椿ヘアオイル", "炭酸入浴剤 10錠", "オーガニックリップバーム"],
    axes: [COUNTS], price: [660, 4800], taxRate: 10, mail: true, fragile: false,
    makers: [["ナチュラルコスメ研究所", "ナチュラルコスメケンキュウジョ"], ["五島椿本舗", "ゴトウツバキホンポ"]],
    origin: ["日本"], description: "肌へのやさしさを考えた処方です。", weight: [30, 600],
  },
  outdoor: {
    prefix: "OD",
    names: ["折りたたみアウトドアチェア", "ソロ焚き火台", "充電式LEDランタン", "ステンレスシェラカップ", "撥水レインポンチョ", "保冷クーラーバッグ 20L"],
    axes: [COLORS.slice(1, 5)], price: [1280, 19800], taxRate: 10, mail: false, fragile: false,
    makers: [["キャンプフィールド", "キャンプフィールド"], ["燕三条アウトドア", "ツバメサンジョウアウトドア"]],
    origin: ["日本", "中国", "台湾"], description: "キャンプにも防災にも使える頑丈なつくりです。", weight: [150, 5000],
  },
  tea: {
    prefix: "TE",
    names: ["八女煎茶", "静岡深蒸し茶", "宇治抹茶", "ほうじ茶ティーバッグ", "玄米茶", "和紅茶", "水出し緑茶ティーバッグ", "かぶせ茶", "玉露"],
    axes: [GRADES, WEIGHTS], price: [540, 6480], taxRate: 8, mail: true, fragile: false,
    makers: [["八女茶園", "ヤメチャエン"], ["静岡茶農園", "シズオカチャノウエン"], ["宇治園", "ウジエン"]],
    origin: ["日本（福岡県）", "日本（静岡県）", "日本（京都府）", "日本（鹿児島県）"], description: "一番茶だけを使い、香り高く仕上げました。", weight: [50, 500],
  },
};

const GOODS_TAGS = ["新商品", "セール", "人気", "定番", "ギフト対応", "送料無料", "期間限定", "再入荷", "訳あり", "名入れ可"];

export interface GoodsInfo {
  idx: number;
  id: string;
  name: string;
  price: number;
  cost: number;
  taxRate: number;
  typeId: string;
  typeName: string;
  merchandiseId: string;
  merchandiseName: string;
  forwarding: "0" | "1" | "2";
  mail: boolean;
  fragile: boolean;
  /** Popularity weight in orders. */
  popularity: number;
  supplier: Supplier;
  /** Few units and many orders: recent orders of it wait for stock. */
  short: boolean;
  /** Warehouse ids the goods is linked to (1 always). */
  warehouses: number[];
  /** The goods master row, completed when stock and dates are known. */
  row: LoadRow;
  createdMs: number;
  // Filled while orders and purchasing are generated.
  allocated: number;
  advanceAllocated: number;
  shortage: number;
  remainingOrder: number;
  firstSoldMs: number;
  lastSoldMs: number;
  firstSuppliedMs: number;
  lastSuppliedMs: number;
}

export interface Catalog {
  goods: GoodsInfo[];
  tables: Tables;
}

function janCode(companyIndex: number, n: number): string {
  const body = `49${companyIndex === 0 ? "12345" : "67890"}${String(n).padStart(5, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const roundPrice = (value: number): number => {
  const step = value >= 10_000 ? 100 : value >= 1000 ? 10 : 10;
  return Math.max(step, Math.round(value / step) * step - (value >= 1000 ? 20 : 0));
};

const name = (list: readonly { id: string; ja: string }[], id: string): string => list.find((v) => v.id === id)?.ja ?? id;

export function buildCatalog(plan: CompanyPlan, random: Random, suppliers: readonly Supplier[], nowMs: number): Catalog {
  const staff = plan.staff;
  const admin = staff[0] as Staff;
  const goods: GoodsInfo[] = [];
  const familyCounters = new Map<string, number>();
  let family = 0;
  while (goods.length < plan.goods) {
    const category = plan.categories[family % plan.categories.length] as string;
    const def = FAMILIES[category] as Family;
    const no = (familyCounters.get(category) ?? 0) + 1;
    familyCounters.set(category, no);
    family++;
    const baseName = def.names[(no - 1) % def.names.length] as string;
    const generation = Math.floor((no - 1) / def.names.length);
    const series = generation === 0 ? "" : ` ${["", "Ⅱ", "プレミアム", "ライト", "ミニ", "デラックス", "2024年モデル", "限定版"][generation % 8] ?? ""}`.trimEnd();
    const familyCode = `${def.prefix}${String(no).padStart(4, "0")}`;
    const basePrice = roundPrice(def.price[0] + random.float() ** 2 * (def.price[1] - def.price[0]));
    const costRatio = 0.35 + random.float() * 0.25;
    const [makerName, makerKana] = random.pick(def.makers);
    const supplier = suppliers[random.int(0, suppliers.length - 1)] as Supplier;
    const typeId = random.weighted(["0", "10", "20"], [95, 3.5, 1.5]);
    const merchandiseId = random.weighted(["0", "1", "2"], [92, 6, 2]);
    const familyPopularity = 1 / (random.float() * 30 + 0.6);
    // Variants: one combination per goods, at most 8 a family.
    const combos: Variant[][] = [[]];
    for (const axis of def.axes) {
      const chosen = random.sample(axis, random.int(1, axis.length));
      const next: Variant[][] = [];
      for (const combo of combos) for (const v of chosen) next.push([...combo, v]);
      combos.splice(0, combos.length, ...next);
    }
    const variants = combos.slice(0, Math.min(combos.length, 8, plan.goods - goods.length));
    const createdMs = nowMs - random.int(100, 1400) * DAY_MS + random.int(9 * 60, 18 * 60) * 60_000;
    for (const combo of variants) {
      const idx = goods.length;
      const code = combo.length === 0 ? familyCode : `${familyCode}-${combo.map(([c]) => c).join("-")}`;
      const label = combo.map(([, l]) => l).join(" ");
      const prefix = typeId === "10" ? "【予約】" : typeId === "20" ? "【受注生産】" : "";
      const fullName = `${prefix}${baseName}${series}${label ? ` ${label}` : ""}`;
      const sizeBump = combo.some(([c]) => c === "XL" || c === "200" || c === "06") ? 1.3 : combo.some(([c]) => c === "050" || c === "NAMI") ? 0.7 : 1;
      const price = roundPrice(basePrice * sizeBump);
      const cost = Math.round(price * costRatio);
      const forwarding = def.forwarding ? def.forwarding(baseName) : "0";
      const mail = def.mail && forwarding === "0" && price < 8000;
      const popularity = familyPopularity * (0.4 + random.float()) * (merchandiseId === "0" ? 1 : 0.15) * (typeId === "0" ? 1 : 0.5);
      const weightG = random.int(def.weight[0], def.weight[1]);
      const tags = random.sample(GOODS_TAGS, random.weightedIndex([40, 35, 18, 7]));
      const modified = random.chance(0.55) ? jst(nowMs - random.int(1, 80) * DAY_MS - random.int(0, 600) * 60_000) : null;
      const modifier = random.pick(staff);
      const row: LoadRow = {
        goods_id: code,
        goods_representation_id: combo.length === 0 ? null : familyCode,
        goods_name: fullName,
        goods_foreign_name: random.chance(0.3) ? `${category[0]?.toUpperCase()}${category.slice(1)} item ${familyCode}` : null,
        goods_type_id: typeId,
        goods_type_name: name(classificationValues.goodsType, typeId),
        goods_merchandise_id: merchandiseId,
        goods_merchandise_name: name(classificationValues.merchandise, merchandiseId),
        goods_forwarding_method_id: forwarding,
        goods_forwarding_method_name: name(classificationValues.forwardingMethod, forwarding),
        goods_status_id: merchandiseId === "0" ? "1" : "2",
        goods_status_name: merchandiseId === "0" ? "販売中" : "販売終了",
        goods_delivery_id: mail ? "4" : forwarding === "0" ? "1" : "1",
        goods_delivery_name: mail ? "ネコポス" : "ヤマト運輸（宅急便）",
        goods_supplier_id: supplier.id,
        supplier_name: supplier.name,
        goods_jan_code: janCode(plan.index, idx + 1),
        goods_maker_name: makerName,
        goods_maker_kana: makerKana,
        goods_maker_address: random.chance(0.5) ? "東京都台東区蔵前2-1-1" : null,
        goods_maker_zip_code: random.chance(0.5) ? "111-0051" : null,
        goods_model_number: `${def.prefix}-${random.digits(4)}`,
        goods_color: combo.find((v) => COLORS.includes(v) || WARE_COLORS.includes(v) || TOWEL_COLORS.includes(v) || PEN_COLORS.includes(v))?.[1] ?? null,
        goods_mall_category: `${random.int(100000, 570000)}`,
        goods_shop_category: `${category}/${baseName}`,
        goods_cost_price: cost,
        goods_display_price: roundPrice(price * 1.2),
        goods_selling_price: price,
        goods_foreign_selling_price: random.chance(0.2) ? Math.round(price / 150 * 100) / 100 : null,
        goods_tax_rate: def.taxRate,
        goods_wholesale_retail_ratio: random.pick([60, 65, 70]),
        goods_weight: weightG,
        goods_width: random.int(5, 60),
        goods_length: random.int(5, 60),
        goods_height: random.int(1, 40),
        goods_release_date: jstDate(createdMs + random.int(0, 30) * DAY_MS),
        goods_first_time_sold_date: null,
        goods_last_time_sold_date: null,
        goods_first_time_supplied_date: null,
        goods_last_time_supplied_date: null,
        goods_stock_constant: random.pick([0, 10, 20, 30, 50]),
        goods_order_point: random.pick([0, 5, 10, 20]),
        goods_lot: random.pick([1, 6, 10, 12, 24]),
        goods_publication_date: jstDate(createdMs + random.int(0, 10) * DAY_MS),
        goods_stock_management_flag: "1",
        goods_note: random.chance(0.15) ? random.pick(["次回入荷未定", "メーカー直送品", "ラッピング不可", "在庫僅少", "仕入先変更予定"]) : null,
        goods_visible_flag: merchandiseId === "0" ? "1" : random.chance(0.5) ? "1" : "0",
        goods_tag: tags.length === 0 ? null : tags.map((t) => `[${t}]`).join(""),
        goods_location: `${String.fromCharCode(65 + random.int(0, 7))}-${String(random.int(1, 30)).padStart(2, "0")}-${String(random.int(1, 6)).padStart(2, "0")}`,
        goods_delivery_mail_flag: mail ? 1 : 0,
        goods_delivery_mail_maximum_quality: mail ? String(random.int(1, 3)) : "0",
        goods_gift_ok_flg: random.chance(0.6) ? 1 : 0,
        goods_size: combo.find((v) => SIZES.includes(v))?.[1] ?? combo.find((v) => WEIGHTS.includes(v))?.[1] ?? null,
        goods_maker_model_number: random.chance(0.4) ? `M-${random.digits(6)}` : null,
        goods_stock_alert_mail_threshold: random.pick([0, 3, 5, 10]),
        goods_wholesale_mortgage_threshold: random.pick([0, 0, 10, 20]),
        goods_shipping_base_id: random.chance(0.1) ? "2" : "1",
        goods_mail_tag_id: random.chance(0.3) ? random.pick(["1", "2", "3"]) : null,
        goods_1_item: def.origin.length > 0 ? random.pick(def.origin) : null,
        goods_2_item: random.chance(0.5) ? `${category}` : null,
        goods_3_item: random.chance(0.2) ? "季節商品" : null,
        goods_1_select_id: combo.length > 0 ? 1 : null,
        goods_1_select_name: combo[0]?.[1] ?? null,
        goods_2_select_id: combo.length > 1 ? 2 : null,
        goods_2_select_name: combo[1]?.[1] ?? null,
        goods_publication_pic_id: modifier.id,
        goods_publication_pic_name: modifier.name,
        goods_stock_wholesale_quantity: 0,
        goods_description_text: `${baseName}${series}。${def.description}`,
        goods_description_html: `<p>${baseName}${series}</p><p>${def.description}</p>`,
        goods_spec_text: `重さ: ${weightG}g`,
        goods_spec_html: `<table><tr><th>重さ</th><td>${weightG}g</td></tr></table>`,
        goods_caution_text: def.fragile ? "割れ物のため、取り扱いにご注意ください。" : random.chance(0.3) ? "モニターにより色味が異なって見える場合があります。" : null,
        goods_caution_html: def.fragile ? "<p>割れ物のため、取り扱いにご注意ください。</p>" : null,
        goods_condition_description: null,
        goods_condition_id: "01",
        goods_hit_syohin_alert_quantity: random.pick([0, 0, 10, 30]),
        goods_delivery_date_id: typeId === "10" ? "9" : random.pick(["1", "2", "3"]),
        goods_designated_delivery_date: typeId === "10" ? jstDate(nowMs + random.int(10, 60) * DAY_MS) : null,
        goods_package_height: random.int(2, 40),
        goods_package_width: random.int(10, 60),
        goods_package_length: random.int(10, 60),
        goods_package_weight: weightG + random.int(20, 300),
        goods_first_available_date: jst(createdMs + random.int(1, 30) * DAY_MS),
        goods_last_available_date: merchandiseId === "0" ? null : jst(nowMs - random.int(1, 60) * DAY_MS),
        goods_tax_id: 0,
        goods_brand_name: random.chance(0.6) ? makerName : null,
        goods_origin_place: random.pick(def.origin),
        goods_raw_materials: def.taxRate === 8 ? `${baseName.replace(/ .*/, "")}（国産）` : null,
        goods_preservation_method: def.taxRate === 8 ? (forwarding === "2" ? "-18℃以下で保存" : forwarding === "1" ? "要冷蔵（10℃以下）" : "直射日光・高温多湿を避けて保存") : null,
        goods_warranty: category === "interior" || category === "outdoor" ? 1 : 0,
        goods_option_noshi_id: random.chance(0.6) ? 1 : 0,
        goods_same_day_delivery_id: random.chance(0.7) ? 1 : 2,
        stock_quantity: 0,
        goods_deleted_flag: "0",
        ...audit("goods_", jst(createdMs), admin, modified, modifier),
      };
      goods.push({
        idx,
        id: code,
        name: fullName,
        price,
        cost,
        taxRate: def.taxRate,
        typeId,
        typeName: row.goods_type_name as string,
        merchandiseId,
        merchandiseName: row.goods_merchandise_name as string,
        forwarding,
        mail,
        fragile: def.fragile,
        popularity,
        supplier,
        short: merchandiseId === "0" && typeId === "0" && random.chance(0.05),
        warehouses: [1],
        row,
        createdMs,
        allocated: 0,
        advanceAllocated: 0,
        shortage: 0,
        remainingOrder: 0,
        firstSoldMs: Number.POSITIVE_INFINITY,
        lastSoldMs: Number.NEGATIVE_INFINITY,
        firstSuppliedMs: Number.POSITIVE_INFINITY,
        lastSuppliedMs: Number.NEGATIVE_INFINITY,
      });
    }
  }

  // Warehouse links: every goods at warehouse 1, many at the others too.
  for (const g of goods) {
    for (const w of plan.warehouses.slice(1)) if (random.chance(w.id === 2 ? 0.5 : 0.3)) g.warehouses.push(w.id);
  }

  const tables: Tables = {};
  tables.goodsTag = goods.flatMap((g) => {
    const text = g.row.goods_tag;
    if (typeof text !== "string") return [];
    return [...text.matchAll(/\[([^\]]+)\]/g)].map((m) => ({
      goods_tag_goods_id: g.id,
      goods_tag_name: m[1] ?? "",
      goods_tag_deleted_flag: "0",
      ...audit("goods_tag_", g.row.goods_creation_date as string, admin, g.row.goods_last_modified_date as string | null, random.pick(staff)),
    }));
  });

  tables.setGoods = buildSetGoods(plan, random, goods, nowMs, admin);
  tables.goodsImage = buildImages(plan, random, goods, nowMs, staff);
  return { goods, tables };
}

function buildSetGoods(plan: CompanyPlan, random: Random, goods: readonly GoodsInfo[], nowMs: number, admin: Staff): LoadRow[] {
  const rows: LoadRow[] = [];
  const kinds = ["ギフトセット", "お試しセット", "詰め合わせ", "スターターセット", "福袋"];
  const conditions = ["01", "01", "01", "01", "04", "05", "02"];
  const candidates = goods.filter((g) => g.merchandiseId === "0" && g.typeId === "0");
  for (let s = 1; s <= plan.setGoods && candidates.length >= 4; s++) {
    const first = random.pick(candidates);
    const family = first.id.slice(0, 2);
    const pool = candidates.filter((g) => g.id.startsWith(family));
    const parts = random.sample(pool.length >= 4 ? pool : candidates, random.int(2, 4));
    const quantities = parts.map(() => random.weighted([1, 2, 3], [7, 2, 1]));
    const sum = parts.reduce((acc, g, i) => acc + g.price * (quantities[i] ?? 1), 0);
    const id = `SET-${String(s).padStart(4, "0")}`;
    const kind = random.pick(kinds);
    const setName = `${first.name.replace(/^【.+?】/, "").split(" ")[0] ?? first.name} ${kind}`;
    const price = Math.round((sum * 0.9) / 10) * 10;
    const created = jst(nowMs - random.int(30, 600) * DAY_MS);
    const modified = random.chance(0.4) ? jst(nowMs - random.int(1, 29) * DAY_MS) : null;
    const condition = random.pick(conditions);
    const firstSold = nowMs - random.int(30, 400) * DAY_MS;
    parts.forEach((g, i) => {
      rows.push({
        set_goods_id: id,
        set_goods_name: setName,
        set_goods_selling_price: price,
        set_goods_detail_goods_id: g.id,
        set_goods_detail_quantity: quantities[i] ?? 1,
        set_goods_representation_id: id,
        set_goods_tax_rate: first.taxRate,
        set_goods_jan_code: janCode(plan.index, 90000 + s),
        set_goods_foreign_name: random.chance(0.3) ? `Gift set ${s}` : null,
        set_goods_model_number: `SET-${random.digits(4)}`,
        set_goods_location: `S-${String(random.int(1, 9)).padStart(2, "0")}`,
        set_goods_size: random.pick(["60サイズ", "80サイズ", "100サイズ"]),
        set_goods_maker_model_number: null,
        set_goods_color: null,
        set_goods_brand_name: plan.name,
        set_goods_maker_name: plan.name,
        set_goods_display_price: Math.round(sum / 10) * 10,
        set_goods_tax_id: 0,
        set_goods_gift_ok_flg: kind === "ギフトセット" || kind === "詰め合わせ" ? 1 : 0,
        set_goods_condition_id: condition,
        set_goods_condition_description: condition === "01" ? null : "外箱に小さな傷があります",
        set_goods_width: random.int(20, 50),
        set_goods_length: random.int(20, 50),
        set_goods_height: random.int(5, 30),
        set_goods_weight: random.int(300, 4000),
        set_goods_same_day_delivery_id: random.chance(0.6) ? 1 : 2,
        set_goods_option_noshi_id: kind === "ギフトセット" ? 1 : 0,
        set_goods_first_time_sold_date: jst(firstSold),
        set_goods_last_time_sold_date: kind === "福袋" ? jst(firstSold + 30 * DAY_MS) : null,
        ...audit("set_goods_", created, admin, modified, admin),
      });
    });
  }
  return rows;
}

export const IMAGE_STATUSES = ["0", "1", "2", "3", "4", "9"] as const;
/** Weights of 0, 1, 2, 3 images a goods. */
const IMAGE_COUNT_WEIGHTS = [1, 5, 3, 1];

interface ImageTag {
  id: number;
  mall: number;
  sub: number | null;
  text: string;
  auto: number | null;
  order: number;
}

const IMAGE_TAGS: readonly ImageTag[] = [
  { id: 1, mall: 1, sub: null, text: "楽天 商品画像1", auto: 1, order: 1 },
  { id: 2, mall: 1, sub: null, text: "楽天 商品画像2", auto: 2, order: 2 },
  { id: 3, mall: 2, sub: null, text: "Yahoo! メイン画像", auto: 1, order: 3 },
  { id: 4, mall: 2, sub: 1, text: "Yahoo! 追加画像", auto: 2, order: 4 },
  { id: 5, mall: 3, sub: null, text: "Amazon MAIN", auto: 1, order: 5 },
  { id: 6, mall: 3, sub: 1, text: "Amazon PT01", auto: 2, order: 6 },
  { id: 7, mall: 7, sub: null, text: "本店 サムネイル", auto: null, order: 7 },
];

function buildImages(plan: CompanyPlan, random: Random, goods: readonly GoodsInfo[], nowMs: number, staff: readonly Staff[]): LoadRow[] {
  const rows: LoadRow[] = [];
  const admin = staff[0] as Staff;
  const base = `img.sandbox.test/${plan.code}`;
  let id = 0;
  for (const g of goods) {
    const count = random.weightedIndex(IMAGE_COUNT_WEIGHTS);
    for (let n = 1; n <= count; n++) {
      id++;
      // The first six images take every status of spec 3.2; then mostly uploaded.
      const status = id <= IMAGE_STATUSES.length ? (IMAGE_STATUSES[id - 1] as string) : random.weighted([...IMAGE_STATUSES], [2, 2, 6, 84, 3, 3]);
      const ext = random.weighted(["jpg", "png", "gif", "webp"], [70, 20, 4, 6]);
      const fileName = `${g.id.toLowerCase()}_${n}.${ext}`;
      const side = random.weighted([600, 800, 1000, 1200, 1500, 2000, 2100], [10, 25, 25, 20, 10, 7, 3]);
      const portrait = random.chance(0.15);
      const width = portrait ? Math.round(side * 0.75) : side;
      const height = side;
      const size = Math.min(500 * 1024, Math.round((width * height) / 4 * (0.15 + random.float() * 0.35)));
      const tag = random.chance(0.85) ? random.pick(IMAGE_TAGS) : null;
      const createdMs = Math.max(g.createdMs, nowMs - random.int(2, 800) * DAY_MS);
      const created = jst(createdMs);
      const modified = random.chance(0.3) ? jst(Math.min(nowMs, createdMs + random.int(1, 60) * DAY_MS)) : null;
      const modifier = random.pick(staff);
      const row: LoadRow = {
        goods_image_id: id,
        goods_image_goods_id: g.id,
        goods_image_file_name: fileName,
        goods_image_url_http: `http://${base}/${fileName}`,
        goods_image_url_https: `https://${base}/${fileName}`,
        goods_image_size: size,
        goods_image_width: width,
        goods_image_height: height,
        goods_image_alt: `${g.name} 画像${n}`,
        goods_image_convert_flg: ext === "jpg" ? 0 : 1,
        goods_image_display_order: String(n),
        goods_image_status: Number(status),
        goods_image_deleted_flag: status === "9" ? "1" : "0",
        ...audit("goods_image_", created, admin, modified, modifier),
      };
      if (tag) {
        Object.assign(row, {
          goods_image_tag_id: id,
          goods_image_tag_goods_image_id: id,
          goods_image_tag_image_tag_id: tag.id,
          goods_image_tag_deleted_flag: status === "9" ? "1" : "0",
          ...audit("goods_image_tag_", created, admin, null, null),
          image_tag_id: tag.id,
          image_tag_mall_id: tag.mall,
          image_tag_mall_sub_id: tag.sub,
          image_tag_text: tag.text,
          image_tag_auto_register_no: tag.auto,
          image_tag_display_order: tag.order,
          image_tag_deleted_flag: "0",
          ...audit("image_tag_", jst(nowMs - 900 * DAY_MS), admin, null, null),
        });
      }
      rows.push(row);
    }
  }
  return rows;
}
