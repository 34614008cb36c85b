import { describe, expect, it } from "vitest";
import { makeBatches, readCsvBytes } from "@/lib/csv";
import { fileLineOf, lineMapFits, lineMapOf, queProblems } from "./line-map";

const read = (text: string) => {
  const out = readCsvBytes(new TextEncoder().encode(text));
  if (!out.ok) throw new Error(out.refusal.code);
  return out.read;
};

describe("line maps", () => {
  it("compress consecutive records into runs and find a batch line's file line", () => {
    const map = lineMapOf([2, 3, 4, 5, 7], [2, 3, 6, 7, 8]);
    expect(map).toEqual([
      [2, 2, 2],
      [4, 6, 2],
      [7, 8, 1],
    ]);
    expect(fileLineOf(map, 4)).toBe(6);
    expect(fileLineOf(map, 5)).toBe(7);
    expect(fileLineOf(map, 6)).toBeNull(); // the second line of a two-line record
    expect(fileLineOf(map, 7)).toBe(8);
    expect(fileLineOf(null, 4)).toBeNull();
  });

  it("are checked against the batch's rows and lines", () => {
    expect(lineMapFits([[2, 10, 3]], 3, 10, 12)).toBe(true);
    expect(lineMapFits([[2, 10, 3]], 4, 10, 13)).toBe(false); // rows differ
    expect(lineMapFits([[2, 10, 3]], 3, 11, 13)).toBe(false); // before firstLine
    expect(lineMapFits([[2, 10, 3]], 3, 10, 11)).toBe(false); // past lastLine
    expect(lineMapFits([[2, 10, 1], [3, 10, 1]], 2, 10, 12)).toBe(false); // file lines go back
    expect(lineMapFits([[1, 10, 1]], 1, 10, 10)).toBe(false); // the header's line
  });
});

describe("makeBatches with rows apart", () => {
  const WH = "kyoten_mei,syohin_code,kasan_su,gensan_su";
  it("sends each warning row alone after the others, with the file's lines", () => {
    const lines = [WH, "A,g1,1,", "A,g2,,5", "A,g3,2,", "A,g4,3,", "A,g5,,1", "A,g6,4,"];
    const r = read(lines.join("\r\n"));
    const batches = makeBatches(r, new Set([5]), undefined, new Set([3, 6]));
    expect(batches.map((b) => [b.firstLine, b.lastLine, b.rows])).toEqual([
      [2, 7, 3],
      [3, 3, 1],
      [6, 6, 1],
    ]);
    expect(batches[0]?.text).toBe([WH, "A,g1,1,", "A,g3,2,", "A,g6,4,"].join("\r\n"));
    expect(batches[0]?.lineMap).toEqual([
      [2, 2, 1],
      [3, 4, 1],
      [4, 7, 1],
    ]);
    expect(batches[1]?.text).toBe(`${WH}\r\nA,g2,,5`);
    expect(batches[1]?.lineMap).toEqual([[2, 3, 1]]);
    for (const b of batches) expect(lineMapFits(b.lineMap, b.rows, b.firstLine, b.lastLine)).toBe(true);
  });

  it("counts the line breaks of quoted cells in the batch's lines", () => {
    const r = read(`syohin_code,syohin_name\r\nP1,"two\r\nlines"\r\nP2,x\r\nP3,y`);
    const [batch] = makeBatches(r);
    expect(batch?.lineMap).toEqual([
      [2, 2, 1],
      [4, 4, 2],
    ]);
  });
});

describe("queProblems", () => {
  it("names the file's line, the column and each language apart (the sandbox's format)", () => {
    const map = lineMapOf([2, 3, 4, 5], [2, 4, 7, 9]);
    const message = [
      `5行目 3列目[gensan_su]: 在庫数がマイナスになります（在庫数 1、減算 5） (line 5, column 3 "gensan_su": stock would go below zero (quantity 1, subtract 5))`,
      "3行目: 商品が存在しません: X (line 3: no such goods: X)",
      "ほか2件のエラーがあります (and 2 more errors)",
    ].join("\n");
    expect(queProblems(message, map)).toEqual([
      { line: 9, batchLine: 5, column: "gensan_su", ja: "在庫数がマイナスになります（在庫数 1、減算 5）", en: "stock would go below zero (quantity 1, subtract 5)" },
      { line: 4, batchLine: 3, column: null, ja: "商品が存在しません: X", en: "no such goods: X" },
      { line: null, batchLine: null, column: null, ja: "ほか2件のエラーがあります", en: "and 2 more errors" },
    ]);
  });

  it("keeps a Japanese-only message whole, parentheses and all", () => {
    expect(queProblems("2行目: 在庫数がマイナスになります(在庫数 1)", [[2, 40, 1]])).toEqual([
      { line: 40, batchLine: 2, column: null, ja: "在庫数がマイナスになります(在庫数 1)", en: null },
    ]);
    expect(queProblems("システムエラー", null)).toEqual([{ line: null, batchLine: null, column: null, ja: "システムエラー", en: null }]);
    expect(queProblems(null, null)).toEqual([]);
  });
});
