"use client";
// Export of the whole filtered result (or the selected rows) as CSV, loaded with lazyComponent. The
// view only: the choices are ./export/use-export-options.ts's, the run (progress, Cancel, the
// Shift_JIS report, a stop that keeps what came) ./export/use-export-run.ts's with its retries in
// ./export/use-export-retry.ts and its file in ./export/use-export-file.ts; the stages are drawn by
// ./export/export-stages.tsx.
import { Download, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { formatGrouped, type GridLocale } from "@/lib/grid/format";
import { ExportDone, ExportOptionsForm, ExportProgress, ExportStopped, UnmappableReportView } from "./export/export-stages";
import type { ExportRequest } from "./export/stage";
import { useExportOptions } from "./export/use-export-options";
import { useExportRun } from "./export/use-export-run";
import type { GridDefinition } from "./grid-definition";

export type { ExportRequest } from "./export/stage";

type ExportDialogProps = {
  definition: GridDefinition;
  locale: GridLocale;
  visibleColumns: readonly string[];
  request: ExportRequest;
  onClose: () => void;
};

export default function ExportDialog({ definition, locale, visibleColumns, request, onClose }: ExportDialogProps) {
  const t = useTranslations("export");
  const tq = useTranslations("query");
  const fields = definition.resource.fields;
  const options = useExportOptions(fields, visibleColumns, request);
  const exp = useExportRun(definition, locale, request, options);
  const { stage } = exp;

  let body: ReactNode;
  let footer: ReactNode;
  switch (stage.name) {
    case "options":
      body = <ExportOptionsForm options={options} request={request} fields={fields} visibleColumns={visibleColumns} locale={locale} />;
      footer = (
        <>
          <Button onClick={onClose}>{t("close")}</Button>
          <Button variant="primary" disabled={options.chosen.length === 0 || options.rowCount === 0} onClick={exp.start}>
            <Download aria-hidden="true" />
            {t("start", { rows: formatGrouped(String(options.rowCount)) })}
          </Button>
        </>
      );
      break;
    case "running":
      body = <ExportProgress stage={stage} />;
      footer = <Button onClick={exp.cancel}>{t("cancel")}</Button>;
      break;
    case "report":
      body = <UnmappableReportView stage={stage} />;
      footer = (
        <>
          <Button onClick={() => exp.dropReport(stage)}>{t("report.cancel")}</Button>
          <Button variant="primary" onClick={() => exp.saveReported(stage)}>
            {t("report.continue")}
          </Button>
        </>
      );
      break;
    case "done":
      body = <ExportDone stage={stage} />;
      footer = stage.partial ? (
        <>
          <Button onClick={onClose}>{t("close")}</Button>
          <Button variant="primary" onClick={() => void exp.resume()}>
            <RefreshCw aria-hidden="true" />
            {t("stopped.resume")}
          </Button>
        </>
      ) : (
        <Button variant="primary" onClick={onClose}>
          {t("close")}
        </Button>
      );
      break;
    case "stopped":
      body = <ExportStopped stage={stage} />;
      footer = (
        <>
          <Button onClick={onClose}>{t("close")}</Button>
          {stage.done > 0 ? <Button onClick={() => exp.savePartial(stage.ranges)}>{t("stopped.savePartial", { rows: formatGrouped(String(stage.done)) })}</Button> : null}
          <Button variant="primary" onClick={() => void exp.resume()}>
            <RefreshCw aria-hidden="true" />
            {stage.done > 0 ? t("stopped.resume") : tq("retry")}
          </Button>
        </>
      );
      break;
  }

  // Rows fetched before a stop are kept for 続きを取得 only while the dialog is open: Esc or a
  // click beside it must not drop them by accident; 閉じる does, on purpose.
  const keepsRows = (stage.name === "stopped" && stage.done > 0) || (stage.name === "done" && stage.partial !== undefined);
  return (
    <Modal open onClose={stage.name === "running" ? exp.cancel : onClose} locked={keepsRows} title={t("title")} footer={footer}>
      {body}
    </Modal>
  );
}
