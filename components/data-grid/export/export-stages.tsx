"use client";
// What the export dialog shows at each stage (../export-dialog.tsx puts them in its modal with
// their buttons): the options form, the progress, the Shift_JIS report, the file saved and the
// export stopped.
import { CircleAlert, ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { errorDescription } from "@/components/query/error-text";
import { formatGrouped, type GridLocale } from "@/lib/grid/format";
import type { FieldDef } from "@/lib/ne/registry/types";
import { expiredLoginHref, isBffError } from "@/lib/query/bff-error";
import type { ExportRequest, Stage } from "./stage";
import type { ExportOptions } from "./use-export-options";

const radioClass = "size-4 accent-brand-600";
const legendClass = "mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200";

/** Row ranges of the result as text ("1–10,000, 20,001–25,000"). */
export function useRangesText() {
  const t = useTranslations("export");
  return (ranges: [number, number][]) => ranges.map(([a, b]) => (a === b ? formatGrouped(String(a)) : `${formatGrouped(String(a))}–${formatGrouped(String(b))}`)).join(t("rangeSep"));
}

function RadioGroup<V extends string>({ legend, name, value, onChange, choices }: { legend: string; name: string; value: V; onChange: (v: V) => void; choices: { value: V; label: string; disabled?: boolean }[] }) {
  return (
    <fieldset className="space-y-1">
      <legend className={legendClass}>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} className={radioClass} checked={value === choice.value} disabled={choice.disabled} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

export function ExportOptionsForm({ options, request, fields, visibleColumns, locale }: { options: ExportOptions; request: ExportRequest; fields: readonly FieldDef[]; visibleColumns: readonly string[]; locale: GridLocale }) {
  const t = useTranslations("export");
  const id = useId();
  const { chosen, setChosen } = options;
  return (
    <div className="flex flex-col gap-4">
      <RadioGroup
        legend={t("scope.label")}
        name={`${id}-scope`}
        value={options.scope}
        onChange={options.setScope}
        choices={[
          { value: "all", label: t("scope.all", { rows: formatGrouped(String(request.total)) }) },
          { value: "selected", label: t("scope.selected", { rows: formatGrouped(String(options.selectedCount)) }), disabled: options.selectedCount === 0 },
        ]}
      />
      <RadioGroup
        legend={t("encoding.label")}
        name={`${id}-enc`}
        value={options.encoding}
        onChange={options.setEncoding}
        choices={[
          { value: "utf8-bom", label: t("encoding.utf8") },
          { value: "sjis", label: t("encoding.sjis") },
        ]}
      />
      <RadioGroup
        legend={t("header.label")}
        name={`${id}-hdr`}
        value={options.header}
        onChange={options.setHeader}
        choices={[
          { value: "labels", label: t("header.labels") },
          { value: "names", label: t("header.names") },
        ]}
      />
      <RadioGroup
        legend={t("values.label")}
        name={`${id}-values`}
        value={options.values}
        onChange={options.setValues}
        choices={[
          { value: "names", label: t("values.names") },
          { value: "codes", label: t("values.codes") },
        ]}
      />
      <fieldset>
        <legend className={legendClass}>{t("columns.label", { chosen: chosen.length })}</legend>
        <div className="mb-2 flex flex-wrap gap-1">
          <Button size="sm" onClick={() => setChosen([...visibleColumns])}>
            {t("columns.visible")}
          </Button>
          <Button size="sm" onClick={() => setChosen(fields.map((f) => f.name))}>
            {t("columns.all")}
          </Button>
          <Button size="sm" onClick={() => setChosen([])}>
            {t("columns.none")}
          </Button>
        </div>
        <ul className="max-h-56 space-y-0.5 overflow-y-auto rounded-md border border-ink-200 p-1 dark:border-ink-700">
          {options.ordered.map((field) => (
            <li key={field.name}>
              <label className="flex items-center gap-2 rounded px-1.5 py-0.5 text-sm hover:bg-ink-50 dark:hover:bg-ink-800">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={chosen.includes(field.name)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, field.name] : chosen.filter((n) => n !== field.name))}
                />
                <span className="truncate">{field.label[locale]}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}

export function ExportProgress({ stage }: { stage: Extract<Stage, { name: "running" }> }) {
  const t = useTranslations("export");
  const id = useId();
  return (
    <div className="flex flex-col gap-2" data-export-state="running" data-retrying={stage.retrying || undefined}>
      <label htmlFor={`${id}-progress`} className="text-sm">
        {t("progress", { done: formatGrouped(String(stage.done)), total: formatGrouped(String(stage.total)) })}
      </label>
      <progress id={`${id}-progress`} max={Math.max(1, stage.total)} value={stage.done} className="h-2 w-full accent-brand-600" />
      {stage.retrying ? <p className="text-xs text-ink-600 dark:text-ink-300">{t("retrying")}</p> : null}
    </div>
  );
}

function Th({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-2 py-1">
      {children}
    </th>
  );
}

export function UnmappableReportView({ stage }: { stage: Extract<Stage, { name: "report" }> }) {
  const t = useTranslations("export");
  const { report } = stage;
  return (
    <div className="flex flex-col gap-3" data-export-state="report">
      <p role="alert" className="text-sm text-ink-900 dark:text-ink-100">
        {t("report.summary", { total: report.total, chars: report.chars.length })}
      </p>
      <p className="text-sm text-ink-700 dark:text-ink-200">
        {t("report.chars")}{" "}
        <span data-user-content="" className="font-mono">
          {report.chars.join(" ")}
        </span>
      </p>
      <div className="max-h-72 overflow-auto rounded-md border border-ink-200 dark:border-ink-700">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("report.caption")}</caption>
          <thead className="sticky top-0 bg-ink-50 text-xs dark:bg-ink-850">
            <tr>
              <Th>{t("report.row")}</Th>
              <Th>{t("report.column")}</Th>
              <Th>{t("report.char")}</Th>
              <Th>{t("report.code")}</Th>
            </tr>
          </thead>
          <tbody>
            {report.items.map((item, i) => (
              <tr key={i} className="border-t border-ink-100 dark:border-ink-800" data-unmappable-row={item.row}>
                <td className="px-2 py-1 tabular-nums">{item.row === 0 ? t("report.headerRow") : formatGrouped(String(item.row))}</td>
                <td className="px-2 py-1">{item.column}</td>
                <td className="px-2 py-1" data-user-content="">
                  {item.char}
                </td>
                <td className="px-2 py-1 font-mono">{item.codePoint}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.total > report.items.length ? <p className="text-xs text-ink-600 dark:text-ink-300">{t("report.more", { more: report.total - report.items.length })}</p> : null}
    </div>
  );
}

export function ExportDone({ stage }: { stage: Extract<Stage, { name: "done" }> }) {
  const t = useTranslations("export");
  const rangesText = useRangesText();
  const { partial } = stage;
  return (
    <div role="status" data-export-state="done" data-partial={partial ? "" : undefined} className="space-y-1 text-sm text-ink-900 dark:text-ink-100">
      <p>{t("done", { file: stage.fileName, rows: formatGrouped(String(stage.rows)) })}</p>
      {partial ? <p>{t("partialDone", { total: formatGrouped(String(partial.total)), ranges: rangesText(partial.ranges) })}</p> : null}
    </div>
  );
}

export function ExportStopped({ stage }: { stage: Extract<Stage, { name: "stopped" }> }) {
  const t = useTranslations("export");
  const tq = useTranslations("query");
  const rangesText = useRangesText();
  const { error, done, total, ranges } = stage;
  const expired = isBffError(error) && error.kind === "auth-expired";
  return (
    <div role="alert" data-export-state="stopped" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-900/60 dark:bg-red-950/40">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
      <div className="space-y-1 text-sm">
        <p className="font-semibold text-ink-950 dark:text-ink-0">{t("stopped.title")}</p>
        {/* Why a page could not be fetched, as the grid's error panel says it. */}
        <p className="text-ink-700 dark:text-ink-200">{expired ? t("stopped.expired") : errorDescription(tq, error)}</p>
        <p data-export-kept={done} className="text-ink-900 dark:text-ink-100">
          {done > 0 ? t("stopped.kept", { done: formatGrouped(String(done)), total: formatGrouped(String(total)), ranges: rangesText(ranges) }) : t("stopped.none")}
        </p>
        {isBffError(error) ? <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{tq("error.code", { code: error.code })}</p> : null}
        {expired ? (
          <a
            href={expiredLoginHref(window.location.pathname + window.location.search)}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
          >
            {t("stopped.signIn")}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        ) : null}
      </div>
    </div>
  );
}
