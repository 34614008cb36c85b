"use client";
// The export's choices before it starts: which rows (all the result, or the rows selected on the
// page), the columns (the grid's visible ones first, then the rest), the encoding (UTF-8 with BOM
// or Shift_JIS), the header (labels in the page's language, or field names) and the values
// (names as the screen shows them, or the codes).
import { useMemo, useState } from "react";
import type { CsvEncoding } from "@/lib/grid/csv";
import type { HeaderMode, ValueMode } from "@/lib/grid/export";
import type { FieldDef } from "@/lib/ne/registry/types";
import type { ExportRequest, ExportScope } from "./stage";

export function useExportOptions(fields: readonly FieldDef[], visibleColumns: readonly string[], request: ExportRequest) {
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const ordered = useMemo(() => [...visibleColumns.flatMap((n) => byName.get(n) ?? []), ...fields.filter((f) => !visibleColumns.includes(f.name))], [byName, fields, visibleColumns]);
  const [chosen, setChosen] = useState<string[]>(() => [...visibleColumns]);
  const [scope, setScope] = useState<ExportScope>("all");
  const [encoding, setEncoding] = useState<CsvEncoding>("utf8-bom");
  const [header, setHeader] = useState<HeaderMode>("labels");
  const [values, setValues] = useState<ValueMode>("names");
  const selectedCount = request.selectedKeys.length;
  return {
    /** Every field, the visible columns first (the order of the file's columns). */
    ordered,
    chosen,
    setChosen,
    scope,
    setScope,
    encoding,
    setEncoding,
    header,
    setHeader,
    values,
    setValues,
    selectedCount,
    /** How many rows the export will write. */
    rowCount: scope === "all" ? request.total : selectedCount,
    /** The chosen fields in the file's order. */
    exportFields: ordered.filter((f) => chosen.includes(f.name)),
  };
}

export type ExportOptions = ReturnType<typeof useExportOptions>;
