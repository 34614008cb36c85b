// Reads the field and operation tables out of the spec's markdown (spec/commerce-api.md), so the
// registry tests compute what they expect from the spec text instead of repeating it.
// Pure string functions; only the tests use them.
import type { FieldType } from "../types";

export interface SpecField {
  /** Name as written in the spec, before any prefix (`purchaser_kana`). */
  name: string;
  type?: FieldType;
}

/** The text of a section, from its heading (`### 2.5 ...` or `## 4. ...`) to the next heading. */
export function sectionText(spec: string, id: string): string {
  const lines = spec.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^#{2,3} ${id.replace(".", "\\.")}[.\\s]`).test(l));
  if (start < 0) return "";
  const level = /^#+/.exec(lines[start] ?? "")?.[0].length ?? 3;
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^(#+) /.exec(line);
    if (m && (m[1]?.length ?? 0) <= level) break;
    out.push(line);
  }
  return out.join("\n");
}

/** The body rows of the markdown tables in a text, each as trimmed cells. */
export function tableRows(text: string): string[][] {
  const rows: string[][] = [];
  let header = true;
  for (const line of text.split("\n")) {
    if (!line.startsWith("|")) {
      header = true;
      continue;
    }
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    if (header) {
      header = false; // the first row of each table is its header
      continue;
    }
    rows.push(cells);
  }
  return rows;
}

/** Split on a separator outside parentheses. */
export function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && text.startsWith(sep, i)) {
      parts.push(cur);
      cur = "";
      i += sep.length - 1;
      continue;
    }
    cur += ch;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** The text up to the first full stop outside parentheses (cells of 2.12 end in prose). */
export function firstSentence(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && ch === "." && (i + 1 === text.length || text[i + 1] === " ")) {
      // ".." of a range (seal1_id .. seal4_id) is not a full stop.
      if (text[i - 1] === "." || text[i + 1] === ".") continue;
      return text.slice(0, i);
    }
  }
  return text;
}

const IDENT = /^_?[a-z][a-z0-9_]*$/;
const TYPE_IN_PARENS = /\(\s*([SND])\s*[;:,)]/;

function stemOf(name: string): string {
  return name.replace(/_[a-z0-9]+$/, "");
}

/** `seal1_id .. seal4_id` → seal1_id, seal2_id, seal3_id, seal4_id. */
function expandRange(item: string): string[] | undefined {
  const m = /^([a-z_]*?)(\d+)([a-z0-9_]*)\s*\.\.\s*([a-z_]*?)(\d+)([a-z0-9_]*)$/.exec(item);
  if (!m || m[1] !== m[4] || m[3] !== m[6]) return undefined;
  const out: string[] = [];
  for (let n = Number(m[2]); n <= Number(m[5]); n++) out.push(`${m[1]}${n}${m[3]}`);
  return out;
}

/**
 * Field names of one cell, with the spec's shorthand expanded:
 * `x_id / _name`, `purchaser_name, _kana, _zip_code`, `seal1_id .. seal4_id and seal1_name ..
 * seal4_name`, `type_id (N) / _name`; a `(S)`/`(N; ...)`/`(S: ...)` after a name gives its type.
 * Items that are not names (`audit fields`, `mail send state`) are dropped.
 */
export function expandNames(cell: string): SpecField[] {
  const out: SpecField[] = [];
  for (const andPart of splitTop(cell, " and ")) {
    const items = splitTop(andPart, ",");
    let stem: string | undefined;
    for (const item of items) {
      const range = expandRange(item);
      if (range) {
        out.push(...range.map((name) => ({ name })));
        continue;
      }
      const slashParts = splitTop(item, "/");
      const parsed = slashParts.map((part) => {
        const name = part.replace(/\(.*\)$/s, "").trim();
        const type = TYPE_IN_PARENS.exec(part)?.[1] as FieldType | undefined;
        return { name, type };
      });
      if (!parsed.every((p) => IDENT.test(p.name))) continue;
      const first = parsed[0];
      if (!first) continue;
      // A type written after the last part of `a / _b (S)` types every part.
      const last = parsed[parsed.length - 1];
      const shared = parsed.length > 1 && parsed.slice(0, -1).every((p) => !p.type) ? last?.type : undefined;
      const groupStem = first.name.startsWith("_") ? stem : stemOf(first.name);
      for (const p of parsed) {
        if (p.name.startsWith("_") && !groupStem) continue;
        const name = p.name.startsWith("_") ? `${groupStem}${p.name}` : p.name;
        const type = p.type ?? shared;
        out.push(type ? { name, type } : { name });
      }
      if (stem === undefined && !first.name.startsWith("_")) stem = stemOf(first.name);
    }
  }
  return out;
}

/** Types of a type cell (`S`, `S, S, D`, `N, S`) matched to the names they describe. */
export function withTypes(names: SpecField[], typeCell: string): SpecField[] {
  const types = typeCell
    .split(",")
    .map((t) => t.trim())
    .filter((t): t is FieldType => t === "S" || t === "N" || t === "D");
  if (types.length === names.length) return names.map((n, i) => ({ ...n, type: n.type ?? types[i] }));
  if (types.length === 1) return names.map((n) => ({ ...n, type: n.type ?? types[0] }));
  return names;
}

/** Fields of a two-column table section (2.5, 2.6, 2.10, 2.11): name cell and type cell. */
export function tableFields(section: string): SpecField[] {
  return tableRows(section).flatMap(([names = "", type = ""]) => withTypes(expandNames(names), type));
}

/** Fields of a prose list (2.8: `goods_id (S); quantity; ...`, 2.9: `warehouse_id (N, ...), ...`). */
export function proseFields(section: string, separator: ";" | ","): SpecField[] {
  const para = section
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0 && !l.startsWith("|"));
  if (!para) return [];
  return splitTop(firstSentence(para), separator).flatMap((item) => expandNames(item));
}

export interface OtherResourceRow {
  /** `Company`, `Return reason`, ... */
  title: string;
  /** `company_`, or undefined when the names are written in full. */
  prefix?: string;
  fields: SpecField[];
  /** The prose after the field list (`0 order cancel, 10 defective goods, ...`). */
  rest: string;
}

/** Rows of the 2.12 table. */
export function otherResources(section: string): OtherResourceRow[] {
  return tableRows(section).map(([title = "", cell = ""]) => {
    const prefix = /\(([a-z_]+_)\)/.exec(title)?.[1];
    const list = firstSentence(cell);
    const row: OtherResourceRow = {
      title: title.replace(/\(.*\)/, "").trim(),
      fields: expandNames(list),
      rest: cell.slice(list.length + 1).trim(),
    };
    if (prefix) row.prefix = prefix;
    return row;
  });
}

/** Ids named in prose such as `0 order cancel, 10 defective goods` or `Ids 0 to 9 returned`. */
export function idsInProse(text: string): string[] {
  const range = /Ids (\d+) to (\d+)/.exec(text);
  if (range) {
    const out: string[] = [];
    for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(String(n));
    return out;
  }
  const list = text.replace(/^[^0-9]*?(?=\d+ [a-z])/i, "");
  return splitTop(firstSentence(list), ",")
    .map((item) => /^(\d+) \S/.exec(item)?.[1])
    .filter((id): id is string => id !== undefined);
}

export interface SpecOperation {
  path: string;
  kind: string;
  extras: string[];
}

const KIND_BY_SPEC: Record<string, string> = {
  S: "search",
  C: "count",
  I: "info",
  U: "upload",
  list: "list",
  "token issue": "auth",
};

/** Rows of the section 4 table: path, registry kind, and the request extras it names. */
export function specOperations(section4: string): SpecOperation[] {
  return tableRows(section4)
    .filter(([path]) => path?.startsWith("/"))
    .map(([path = "", kind = "", extras = ""]) => ({
      path,
      kind: KIND_BY_SPEC[kind] ?? `unknown kind "${kind}"`,
      extras: splitTop(extras.replace(/\([^)]*\)/g, ""), ",")
        .map((item) => item.replace(/\s+optional$/, "").trim())
        .filter((item) => /^[a-z][a-z_]*$/.test(item) && item !== "none"),
    }));
}

/** Condition parameters of the section 4 examples (`receive_order_shop_id-eq`). */
export function conditionExamples(section4: string): { field: string; operator: string }[] {
  const line = section4.split("\n").find((l) => l.startsWith("Examples of condition parameters:")) ?? "";
  return [...line.matchAll(/([a-z][a-z0-9_]*)-([a-z]+)/g)].map((m) => ({ field: m[1] ?? "", operator: m[2] ?? "" }));
}

/** Values of the first column of the tables of a section (3.1 ids, 3.2 values). */
export function firstColumn(section: string): string[] {
  return tableRows(section)
    .map(([v]) => v ?? "")
    .filter((v) => v.length > 0);
}

/** The audit prefix lists of 2.4: those with null_safe variants and those without. */
export function auditPrefixes(section24: string): { nullSafe: string[]; plain: string[] } {
  const m = /Prefix list: (.*?) \(all with null_safe variants\); (.*?) \(without null_safe/s.exec(section24);
  const names = (s: string | undefined) => (s ?? "").split(",").map((p) => p.trim()).filter((p) => /^[a-z_]+_$/.test(p));
  return { nullSafe: names(m?.[1]), plain: names(m?.[2]) };
}
