// Japanese people and places for the generated data: names with kana (and romaji for mail
// addresses), the 47 prefectures with real cities, their postal-code prefixes and area codes.
// Addresses, postal codes and phone numbers are plausible, not real ones.
import type { Random } from "./random";

type Triple = readonly [kanji: string, kana: string, romaji: string];

export const FAMILY_NAMES: readonly Triple[] = [
  ["佐藤", "サトウ", "sato"], ["鈴木", "スズキ", "suzuki"], ["高橋", "タカハシ", "takahashi"], ["田中", "タナカ", "tanaka"],
  ["伊藤", "イトウ", "ito"], ["渡辺", "ワタナベ", "watanabe"], ["山本", "ヤマモト", "yamamoto"], ["中村", "ナカムラ", "nakamura"],
  ["小林", "コバヤシ", "kobayashi"], ["加藤", "カトウ", "kato"], ["吉田", "ヨシダ", "yoshida"], ["山田", "ヤマダ", "yamada"],
  ["佐々木", "ササキ", "sasaki"], ["山口", "ヤマグチ", "yamaguchi"], ["松本", "マツモト", "matsumoto"], ["井上", "イノウエ", "inoue"],
  ["木村", "キムラ", "kimura"], ["林", "ハヤシ", "hayashi"], ["斎藤", "サイトウ", "saito"], ["清水", "シミズ", "shimizu"],
  ["山崎", "ヤマザキ", "yamazaki"], ["森", "モリ", "mori"], ["池田", "イケダ", "ikeda"], ["橋本", "ハシモト", "hashimoto"],
  ["阿部", "アベ", "abe"], ["石川", "イシカワ", "ishikawa"], ["山下", "ヤマシタ", "yamashita"], ["中島", "ナカジマ", "nakajima"],
  ["石井", "イシイ", "ishii"], ["小川", "オガワ", "ogawa"], ["前田", "マエダ", "maeda"], ["岡田", "オカダ", "okada"],
  ["長谷川", "ハセガワ", "hasegawa"], ["藤田", "フジタ", "fujita"], ["後藤", "ゴトウ", "goto"], ["近藤", "コンドウ", "kondo"],
  ["村上", "ムラカミ", "murakami"], ["遠藤", "エンドウ", "endo"], ["青木", "アオキ", "aoki"], ["坂本", "サカモト", "sakamoto"],
  ["福田", "フクダ", "fukuda"], ["太田", "オオタ", "ota"], ["西村", "ニシムラ", "nishimura"], ["藤井", "フジイ", "fujii"],
  ["金子", "カネコ", "kaneko"], ["岡本", "オカモト", "okamoto"], ["藤原", "フジワラ", "fujiwara"], ["中野", "ナカノ", "nakano"],
  ["三浦", "ミウラ", "miura"], ["原田", "ハラダ", "harada"], ["中川", "ナカガワ", "nakagawa"], ["松田", "マツダ", "matsuda"],
  ["竹内", "タケウチ", "takeuchi"], ["小野", "オノ", "ono"], ["田村", "タムラ", "tamura"], ["中山", "ナカヤマ", "nakayama"],
  ["和田", "ワダ", "wada"], ["石田", "イシダ", "ishida"], ["森田", "モリタ", "morita"], ["上田", "ウエダ", "ueda"],
  ["原", "ハラ", "hara"], ["内田", "ウチダ", "uchida"], ["柴田", "シバタ", "shibata"], ["酒井", "サカイ", "sakai"],
  ["宮崎", "ミヤザキ", "miyazaki"], ["横山", "ヨコヤマ", "yokoyama"], ["高木", "タカギ", "takagi"], ["安藤", "アンドウ", "ando"],
  ["宮本", "ミヤモト", "miyamoto"], ["大野", "オオノ", "ono"], ["小島", "コジマ", "kojima"], ["工藤", "クドウ", "kudo"],
  ["谷口", "タニグチ", "taniguchi"], ["今井", "イマイ", "imai"], ["高田", "タカダ", "takada"], ["丸山", "マルヤマ", "maruyama"],
  ["増田", "マスダ", "masuda"], ["杉山", "スギヤマ", "sugiyama"], ["村田", "ムラタ", "murata"], ["大塚", "オオツカ", "otsuka"],
  ["小山", "コヤマ", "koyama"], ["平野", "ヒラノ", "hirano"], ["藤本", "フジモト", "fujimoto"], ["河野", "コウノ", "kono"],
  ["上野", "ウエノ", "ueno"], ["野口", "ノグチ", "noguchi"], ["武田", "タケダ", "takeda"], ["松井", "マツイ", "matsui"],
  ["千葉", "チバ", "chiba"], ["岩崎", "イワサキ", "iwasaki"], ["菅原", "スガワラ", "sugawara"], ["木下", "キノシタ", "kinoshita"],
  ["久保", "クボ", "kubo"], ["佐野", "サノ", "sano"], ["野村", "ノムラ", "nomura"], ["松尾", "マツオ", "matsuo"],
  ["菊地", "キクチ", "kikuchi"], ["杉本", "スギモト", "sugimoto"], ["市川", "イチカワ", "ichikawa"], ["古川", "フルカワ", "furukawa"],
];

export const GIVEN_NAMES: readonly Triple[] = [
  ["翔太", "ショウタ", "shota"], ["大輔", "ダイスケ", "daisuke"], ["健太", "ケンタ", "kenta"], ["拓也", "タクヤ", "takuya"],
  ["直樹", "ナオキ", "naoki"], ["誠", "マコト", "makoto"], ["浩二", "コウジ", "koji"], ["蓮", "レン", "ren"],
  ["陽翔", "ハルト", "haruto"], ["悠真", "ユウマ", "yuma"], ["湊", "ミナト", "minato"], ["大翔", "ヒロト", "hiroto"],
  ["一郎", "イチロウ", "ichiro"], ["健一", "ケンイチ", "kenichi"], ["隆", "タカシ", "takashi"], ["茂", "シゲル", "shigeru"],
  ["博", "ヒロシ", "hiroshi"], ["亮", "リョウ", "ryo"], ["翼", "ツバサ", "tsubasa"], ["和也", "カズヤ", "kazuya"],
  ["達也", "タツヤ", "tatsuya"], ["剛", "ツヨシ", "tsuyoshi"], ["修", "オサム", "osamu"], ["学", "マナブ", "manabu"],
  ["秀樹", "ヒデキ", "hideki"], ["陽菜", "ヒナ", "hina"], ["美咲", "ミサキ", "misaki"], ["さくら", "サクラ", "sakura"],
  ["結衣", "ユイ", "yui"], ["葵", "アオイ", "aoi"], ["花子", "ハナコ", "hanako"], ["由美", "ユミ", "yumi"],
  ["恵子", "ケイコ", "keiko"], ["裕子", "ユウコ", "yuko"], ["明美", "アケミ", "akemi"], ["直美", "ナオミ", "naomi"],
  ["真由美", "マユミ", "mayumi"], ["愛", "アイ", "ai"], ["彩", "アヤ", "aya"], ["舞", "マイ", "mai"],
  ["智子", "トモコ", "tomoko"], ["久美子", "クミコ", "kumiko"], ["香織", "カオリ", "kaori"], ["凛", "リン", "rin"],
  ["芽依", "メイ", "mei"], ["結菜", "ユイナ", "yuina"], ["莉子", "リコ", "riko"], ["美穂", "ミホ", "miho"],
  ["陽子", "ヨウコ", "yoko"], ["千尋", "チヒロ", "chihiro"],
];

export interface City {
  name: string;
  /** First three digits of the postal codes of the city. */
  zip: string;
  /** Area code of landline numbers (with the leading 0). */
  area: string;
}

export interface Prefecture {
  name: string;
  /** Relative population, for weighted draws. */
  weight: number;
  cities: readonly City[];
}

const c = (name: string, zip: string, area: string): City => ({ name, zip, area });

export const PREFECTURES: readonly Prefecture[] = [
  { name: "北海道", weight: 52, cities: [c("札幌市中央区", "060", "011"), c("旭川市", "070", "0166"), c("函館市", "040", "0138")] },
  { name: "青森県", weight: 12, cities: [c("青森市", "030", "017"), c("弘前市", "036", "0172")] },
  { name: "岩手県", weight: 12, cities: [c("盛岡市", "020", "019"), c("一関市", "021", "0191")] },
  { name: "宮城県", weight: 23, cities: [c("仙台市青葉区", "980", "022"), c("石巻市", "986", "0225")] },
  { name: "秋田県", weight: 10, cities: [c("秋田市", "010", "018")] },
  { name: "山形県", weight: 11, cities: [c("山形市", "990", "023"), c("鶴岡市", "997", "0235")] },
  { name: "福島県", weight: 18, cities: [c("福島市", "960", "024"), c("郡山市", "963", "024")] },
  { name: "茨城県", weight: 29, cities: [c("水戸市", "310", "029"), c("つくば市", "305", "029")] },
  { name: "栃木県", weight: 19, cities: [c("宇都宮市", "320", "028"), c("小山市", "323", "0285")] },
  { name: "群馬県", weight: 19, cities: [c("前橋市", "371", "027"), c("高崎市", "370", "027")] },
  { name: "埼玉県", weight: 73, cities: [c("さいたま市大宮区", "330", "048"), c("川越市", "350", "049"), c("川口市", "332", "048")] },
  { name: "千葉県", weight: 63, cities: [c("千葉市中央区", "260", "043"), c("船橋市", "273", "047"), c("柏市", "277", "04")] },
  { name: "東京都", weight: 140, cities: [c("渋谷区", "150", "03"), c("新宿区", "160", "03"), c("世田谷区", "154", "03"), c("練馬区", "176", "03"), c("八王子市", "192", "042"), c("江東区", "135", "03")] },
  { name: "神奈川県", weight: 92, cities: [c("横浜市中区", "231", "045"), c("川崎市中原区", "211", "044"), c("相模原市中央区", "252", "042"), c("藤沢市", "251", "0466")] },
  { name: "新潟県", weight: 22, cities: [c("新潟市中央区", "951", "025"), c("長岡市", "940", "0258")] },
  { name: "富山県", weight: 10, cities: [c("富山市", "930", "076")] },
  { name: "石川県", weight: 11, cities: [c("金沢市", "920", "076")] },
  { name: "福井県", weight: 8, cities: [c("福井市", "910", "0776")] },
  { name: "山梨県", weight: 8, cities: [c("甲府市", "400", "055")] },
  { name: "長野県", weight: 20, cities: [c("長野市", "380", "026"), c("松本市", "390", "0263")] },
  { name: "岐阜県", weight: 20, cities: [c("岐阜市", "500", "058"), c("大垣市", "503", "0584")] },
  { name: "静岡県", weight: 36, cities: [c("静岡市葵区", "420", "054"), c("浜松市中区", "430", "053")] },
  { name: "愛知県", weight: 75, cities: [c("名古屋市中区", "460", "052"), c("豊田市", "471", "0565"), c("岡崎市", "444", "0564")] },
  { name: "三重県", weight: 18, cities: [c("津市", "514", "059"), c("四日市市", "510", "059")] },
  { name: "滋賀県", weight: 14, cities: [c("大津市", "520", "077")] },
  { name: "京都府", weight: 26, cities: [c("京都市中京区", "604", "075"), c("宇治市", "611", "0774")] },
  { name: "大阪府", weight: 88, cities: [c("大阪市北区", "530", "06"), c("大阪市中央区", "541", "06"), c("堺市堺区", "590", "072"), c("豊中市", "560", "06")] },
  { name: "兵庫県", weight: 55, cities: [c("神戸市中央区", "650", "078"), c("姫路市", "670", "079"), c("西宮市", "662", "0798")] },
  { name: "奈良県", weight: 13, cities: [c("奈良市", "630", "0742")] },
  { name: "和歌山県", weight: 9, cities: [c("和歌山市", "640", "073")] },
  { name: "鳥取県", weight: 5, cities: [c("鳥取市", "680", "0857")] },
  { name: "島根県", weight: 7, cities: [c("松江市", "690", "0852")] },
  { name: "岡山県", weight: 19, cities: [c("岡山市北区", "700", "086"), c("倉敷市", "710", "086")] },
  { name: "広島県", weight: 28, cities: [c("広島市中区", "730", "082"), c("福山市", "720", "084")] },
  { name: "山口県", weight: 13, cities: [c("山口市", "753", "083"), c("下関市", "750", "083")] },
  { name: "徳島県", weight: 7, cities: [c("徳島市", "770", "088")] },
  { name: "香川県", weight: 9, cities: [c("高松市", "760", "087")] },
  { name: "愛媛県", weight: 13, cities: [c("松山市", "790", "089")] },
  { name: "高知県", weight: 7, cities: [c("高知市", "780", "088")] },
  { name: "福岡県", weight: 51, cities: [c("福岡市博多区", "812", "092"), c("北九州市小倉北区", "802", "093"), c("久留米市", "830", "0942")] },
  { name: "佐賀県", weight: 8, cities: [c("佐賀市", "840", "0952")] },
  { name: "長崎県", weight: 13, cities: [c("長崎市", "850", "095"), c("佐世保市", "857", "0956")] },
  { name: "熊本県", weight: 17, cities: [c("熊本市中央区", "860", "096")] },
  { name: "大分県", weight: 11, cities: [c("大分市", "870", "097")] },
  { name: "宮崎県", weight: 11, cities: [c("宮崎市", "880", "0985")] },
  { name: "鹿児島県", weight: 16, cities: [c("鹿児島市", "890", "099")] },
  { name: "沖縄県", weight: 15, cities: [c("那覇市", "900", "098"), c("沖縄市", "904", "098")] },
];

const TOWNS = [
  "本町", "中央", "栄町", "緑町", "旭町", "幸町", "錦町", "東町", "西町", "南町", "北町", "大手町", "桜木町", "若葉",
  "松が丘", "緑が丘", "青葉台", "日吉町", "宮前", "新町", "元町", "港町", "住吉町", "寿町", "昭和町", "城南", "城東",
  "平和町", "柳町", "天神", "春日", "八幡町", "泉町", "広小路", "末広町", "桜町", "弥生町",
];
const BUILDINGS = [
  "ハイツ", "コーポ", "レジデンス", "メゾン", "グランドパレス", "パークハウス", "ヴィラ", "ハイム", "荘", "マンション",
];
const BUILDING_STEMS = ["さくら", "みどり", "青葉", "朝日", "富士見", "桜丘", "グリーン", "サンライズ", "エクセル", "ルミエール", "ひかり", "白樺"];

export interface Person {
  name: string;
  kana: string;
  family: Triple;
  given: Triple;
}

export function person(random: Random): Person {
  const family = random.pick(FAMILY_NAMES);
  const given = random.pick(GIVEN_NAMES);
  return { name: `${family[0]} ${given[0]}`, kana: `${family[1]} ${given[1]}`, family, given };
}

export interface Address {
  zip: string;
  address1: string;
  address2: string | null;
  tel: string;
  prefecture: string;
}

const PREF_WEIGHTS = PREFECTURES.map((p) => p.weight);

export function address(random: Random): Address {
  const pref = PREFECTURES[random.weightedIndex(PREF_WEIGHTS)] as Prefecture;
  const city = random.pick(pref.cities);
  const zip = `${city.zip}-${random.digits(4)}`;
  const town = random.pick(TOWNS);
  const block = random.chance(0.7)
    ? `${random.int(1, 5)}丁目${random.int(1, 30)}-${random.int(1, 20)}`
    : `${random.int(1, 3000)}-${random.int(1, 20)}`;
  const address1 = `${pref.name}${city.name}${town}${block}`;
  const address2 = random.chance(0.45)
    ? `${random.pick(BUILDING_STEMS)}${random.pick(BUILDINGS)} ${random.int(1, 12)}${String(random.int(1, 12)).padStart(2, "0")}号室`
    : null;
  return { zip, address1, address2, tel: random.chance(0.75) ? mobilePhone(random) : landline(random, city.area), prefecture: pref.name };
}

export function mobilePhone(random: Random): string {
  return `${random.pick(["090", "080", "070"])}-${random.digits(4)}-${random.digits(4)}`;
}

/** A landline number of ten digits: area code, exchange (6 - area length digits), four digits. */
export function landline(random: Random, area: string): string {
  const exchangeLength = Math.max(1, 6 - area.length);
  return `${area}-${random.int(1, 9)}${random.digits(exchangeLength - 1)}-${random.digits(4)}`;
}

const MAIL_DOMAINS = ["example.jp", "example.ne.jp", "example.co.jp", "example.com", "example.or.jp"];

export function mailAddress(random: Random, p: Person): string {
  const sep = random.pick([".", "_", "", "-"]);
  const tail = random.chance(0.5) ? String(random.int(1, 999)) : "";
  return `${p.given[2]}${sep}${p.family[2]}${tail}@${random.pick(MAIL_DOMAINS)}`;
}

/** A company-like trade name with kana. */
const TRADE_STEMS: readonly (readonly [string, string])[] = [
  ["みなと", "ミナト"], ["さくら", "サクラ"], ["ひので", "ヒノデ"], ["大和", "ヤマト"], ["東洋", "トウヨウ"], ["丸福", "マルフク"],
  ["富士", "フジ"], ["北斗", "ホクト"], ["光", "ヒカリ"], ["青山", "アオヤマ"], ["千代田", "チヨダ"], ["浪速", "ナニワ"],
  ["博多", "ハカタ"], ["中部", "チュウブ"], ["山陽", "サンヨウ"], ["瀬戸内", "セトウチ"], ["北海", "ホッカイ"], ["三河", "ミカワ"],
  ["京", "キョウ"], ["信州", "シンシュウ"], ["日向", "ヒュウガ"], ["若葉", "ワカバ"], ["松竹", "ショウチク"], ["旭", "アサヒ"],
];
const TRADE_KINDS: readonly (readonly [string, string])[] = [
  ["商事", "ショウジ"], ["商会", "ショウカイ"], ["物産", "ブッサン"], ["屋", "ヤ"], ["堂", "ドウ"], ["産業", "サンギョウ"],
  ["トレーディング", "トレーディング"], ["ストア", "ストア"], ["百貨", "ヒャッカ"], ["通商", "ツウショウ"],
];

export function tradeName(random: Random): { name: string; kana: string } {
  const [stem, stemKana] = random.pick(TRADE_STEMS);
  const [kind, kindKana] = random.pick(TRADE_KINDS);
  const form = random.weighted(["株式会社", "有限会社", "合同会社", ""], [6, 2, 1, 1]);
  const prefixed = random.chance(0.6);
  const name = form === "" ? `${stem}${kind}` : prefixed ? `${form}${stem}${kind}` : `${stem}${kind}${form}`;
  return { name, kana: `${stemKana}${kindKana}` };
}
