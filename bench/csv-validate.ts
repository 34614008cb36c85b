// The upload reader at scale: a 100,000-row Shift_JIS warehouse stock file (Japanese warehouse
// names, goods codes, mixed operations, some quoted cells) decoded, parsed and checked with the
// look-ups given, against papaparse alone on the same decoded text in the same run.
// Targets: decode+parse+check ≤ 1.5 s and ≤ 2x papaparse.
import iconv from "iconv-lite";
import Papa from "papaparse";
import { checkUpload, readCsvBytes, stockLookups, type StockPair, type UploadLookups } from "../lib/csv";
import type { Bench, BenchRow } from "./types";

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const RUNS = 5;

const WAREHOUSES = ["基本拠点", "東京第一倉庫", "大阪南港物流センター", "名古屋倉庫", "福岡配送センター", "札幌倉庫", "㈱髙島屋物流 横浜", "埼玉①号倉庫"];
const REASONS = ["入荷", "棚卸差異", "返品入庫", "破損のため廃棄", "店舗へ移動", "", "", ""];

/** A deterministic pseudo-random sequence (the same file every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function warehouseStockFixture(rows: number): { bytes: Uint8Array; lookups: UploadLookups } {
  const rand = rng(42);
  const lines = ["kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo"];
  const stock: StockPair[] = [];
  const codes = new Set<string>();
  for (let i = 0; i < rows; i++) {
    const warehouse = WAREHOUSES[Math.floor(rand() * WAREHOUSES.length)] as string;
    const code = `${["TS", "KB", "ZK"][i % 3]}-${String(i).padStart(6, "0")}${i % 7 === 0 ? "-RED" : ""}`;
    codes.add(code);
    stock.push({ warehouseName: warehouse, code, quantity: 50 + Math.floor(rand() * 500), allocated: 0 });
    let reason = REASONS[Math.floor(rand() * REASONS.length)] as string;
    // Some quoted cells, as Excel writes them: a comma, a quote, a line break inside.
    if (i % 50 === 0) reason = `"棚卸差異,${i}件目の調整"`;
    else if (i % 333 === 0) reason = `"返品（""再検品済み""）"`;
    else if (i % 997 === 0) reason = `"入荷\n検品済み"`;
    const pick = rand();
    const quoteName = i % 10 === 0;
    const name = quoteName ? `"${warehouse}"` : warehouse;
    if (pick < 0.4) lines.push(`${name},${code},${1 + Math.floor(rand() * 100)},,${reason},,`);
    else if (pick < 0.8) lines.push(`${name},${code},,${1 + Math.floor(rand() * 40)},${reason},,`);
    else if (pick < 0.95) lines.push(`${name},${code},,,${reason},a,`);
    else lines.push(`${name},${code},,,${reason},,d`);
  }
  const bytes = new Uint8Array(iconv.encode(`${lines.join("\r\n")}\r\n`, "cp932"));
  // As fetchLookups gives them (stockLookups builds its result: warehouseStock and stockIndex).
  return { bytes, lookups: stockLookups(new Set(WAREHOUSES), codes, stock) };
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export const csvValidate: Bench = {
  name: "csv-validate",
  async run() {
    const { bytes, lookups } = warehouseStockFixture(ROWS);
    const timesOurs: number[] = [];
    const timesPapa: number[] = [];
    let problems = 0;
    let text = "";
    for (let run = 0; run < RUNS + 1; run++) {
      const t0 = performance.now();
      const read = readCsvBytes(bytes);
      if (!read.ok) throw new Error(`csv-validate: the generated file was refused: ${read.refusal.reason.en}`);
      const result = checkUpload("warehouse-stock", read.read, lookups);
      const t1 = performance.now();
      problems = result.problems.length;
      if (read.read.records.length !== ROWS) throw new Error(`csv-validate: read ${read.read.records.length} of ${ROWS} rows`);
      text ||= new TextDecoder("shift_jis").decode(bytes);
      const t2 = performance.now();
      const papa = Papa.parse<string[]>(text);
      const t3 = performance.now();
      if (papa.data.length < ROWS) throw new Error("csv-validate: papaparse read too few rows");
      // The first run warms the JIT and is not counted.
      if (run === 0) continue;
      timesOurs.push(t1 - t0);
      timesPapa.push(t3 - t2);
    }
    const ours = median(timesOurs);
    const papa = median(timesPapa);
    const mb = (bytes.length / 1024 / 1024).toFixed(1);
    const rows: BenchRow[] = [
      { bench: "csv-validate", name: `papaparse alone, ${ROWS} rows (${mb} MB Shift_JIS, decoded)`, value: papa, unit: "ms" },
      {
        bench: "csv-validate",
        name: `decode+parse+check, ${ROWS} rows, look-ups given (${problems} problems)`,
        value: ours,
        unit: "ms",
        baseline: { name: "papaparse", value: papa },
        ratio: ours / papa,
        target: "<= 1500 ms and <= 2x papaparse",
        pass: ours <= 1500 && ours / papa <= 2,
      },
    ];
    return rows;
  },
};
