import { describe, expect, it } from "vitest";
import { columnGuideCsv } from "./column-guide";

describe("columnGuideCsv", () => {
  it("writes one row a column, quoting what needs it, with a BOM and CRLF", () => {
    const csv = columnGuideCsv([
      { name: "goods_id", label: { ja: "商品コード", en: "Goods code" }, guide: "半角英数字", required: true },
      { name: "kasan_su", label: { ja: "加算数", en: "Added" }, guide: '在庫に足す数（"-"で減算）, 整数', required: false },
    ]);
    expect(csv).toBe(
      '\uFEFF列名,項目名,必須,説明\r\ngoods_id,商品コード,必須,半角英数字\r\nkasan_su,加算数,任意,"在庫に足す数（""-""で減算）, 整数"\r\n',
    );
  });
});
