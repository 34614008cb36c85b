"use client";
// The connection check (settings page): every API operation the product uses, called once, one
// at a time, each shown as allowed, refused (004001: the permission to enable in the app's API
// settings, named as `npm run api-permissions` names it) or failing (code and message), uploads as
// "not checked" (a call would queue an upload). Loaded when the section first renders: it carries
// the registry, which the settings page's first load does not.
import { CheckCircle2, CircleAlert, CircleSlash, Loader2, MinusCircle, Play, Square } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { handleAuthExpired } from "@/components/query/providers";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { API_PERMISSIONS, permissionsByGroup, type ApiPermission } from "@/lib/ne/api-permissions";
import { BffError } from "@/lib/query/bff-error";
import { callThroughProxy, runConnectionCheck, type CheckEnd, type CheckResult } from "./connection-check-run";

type Results = Readonly<Record<string, CheckResult>>;

const labelOf = (p: ApiPermission, locale: string) => (locale === "ja" ? p.label.ja : p.label.en);

export default function ConnectionCheckPanel() {
  const t = useTranslations("settings.connectionCheck");
  const locale = useLocale();
  const [results, setResults] = useState<Results>({});
  const [current, setCurrent] = useState<string | null>(null);
  const [end, setEnd] = useState<CheckEnd | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setResults({});
    setEnd(null);
    setRunning(true);
    const ended = await runConnectionCheck(
      API_PERMISSIONS,
      callThroughProxy,
      {
        start: (path) => setCurrent(path),
        result: (path, result) => setResults((r) => ({ ...r, [path]: result })),
      },
      abort.signal,
    );
    if (controller.current !== abort) return;
    setCurrent(null);
    setRunning(false);
    setEnd(ended);
    if (ended === "auth-expired") handleAuthExpired(new BffError({ code: "auth-expired", message: "", kind: "auth-expired", retryable: false, status: 401 }));
  };

  const done = Object.keys(results).length;
  const total = API_PERMISSIONS.length;
  const values = Object.values(results);
  const count = (state: CheckResult["state"]) => values.filter((r) => r.state === state).length;
  const refused = API_PERMISSIONS.filter((p) => results[p.path]?.state === "refused");

  return (
    <div className="flex flex-col gap-3" data-connection-check="">
      <div className="flex flex-wrap items-center gap-3">
        {running ? (
          <Button onClick={() => controller.current?.abort()}>
            <Square aria-hidden="true" />
            {t("stop")}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => void start()}>
            <Play aria-hidden="true" />
            {end ? t("again") : t("start")}
          </Button>
        )}
        {running || end ? (
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <div
              role="progressbar"
              aria-label={t("progressLabel")}
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={done}
              className="h-2 overflow-hidden rounded-full bg-ink-100 dark:bg-ink-800"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400" style={{ width: `${Math.round((done / total) * 100)}%` }} />
            </div>
          </div>
        ) : null}
      </div>
      <p role="status" className="text-sm text-ink-700 dark:text-ink-200">
        {running
          ? t("progress", { done, total })
          : end === "done"
            ? refused.length > 0 || count("failing") > 0
              ? t("summary.problems", { allowed: count("allowed"), refused: refused.length, failing: count("failing"), notChecked: count("not-checked") })
              : t("summary.ok", { allowed: count("allowed"), notChecked: count("not-checked") })
            : end === "stopped"
              ? t("summary.stopped", { done, total })
              : end === "maintenance"
                ? t("summary.maintenance")
                : end === "auth-expired"
                  ? t("summary.expired")
                  : t("idle", { total })}
      </p>
      {refused.length > 0 ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900/60 dark:bg-red-950/40">
          <p className="font-medium text-ink-900 dark:text-ink-50">{t("refusedTitle")}</p>
          <ul className="mt-1 list-disc pl-5 text-ink-800 dark:text-ink-100">
            {refused.map((p) => (
              <li key={p.path} data-refused-permission={p.path}>
                {labelOf(p, locale)} <span className="font-mono text-xs">{p.path}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {running || end ? (
        <div className="flex flex-col gap-3">
          {permissionsByGroup().map((group) => (
            <div key={group.key} className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold text-ink-800 dark:text-ink-100">{locale === "ja" ? group.label.ja : group.label.en}</h3>
              <ul className="flex flex-col divide-y divide-ink-100 rounded-md border border-ink-100 dark:divide-ink-800 dark:border-ink-800">
                {group.permissions.map((p) => (
                  <PermissionRow key={p.path} permission={p} result={results[p.path]} busy={current === p.path && running} locale={locale} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function PermissionRow({ permission, result, busy, locale }: { permission: ApiPermission; result: CheckResult | undefined; busy: boolean; locale: string }) {
  const t = useTranslations("settings.connectionCheck");
  const state = busy ? "checking" : (result?.state ?? "waiting");
  const Icon = { checking: Loader2, waiting: MinusCircle, allowed: CheckCircle2, refused: CircleSlash, failing: CircleAlert, "not-checked": MinusCircle }[state];
  const tone = {
    checking: "text-brand-700 dark:text-brand-300",
    waiting: "text-ink-400 dark:text-ink-500",
    allowed: "text-emerald-700 dark:text-emerald-300",
    refused: "text-red-700 dark:text-red-300",
    failing: "text-amber-700 dark:text-amber-300",
    "not-checked": "text-ink-500 dark:text-ink-400",
  }[state];
  return (
    <li data-permission={permission.path} data-check-state={state} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2 text-sm">
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", tone, state === "checking" && "animate-spin")} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-ink-900 dark:text-ink-50">{labelOf(permission, locale)}</span>
        <span className="font-mono text-xs break-all text-ink-600 dark:text-ink-400">{permission.path}</span>
      </div>
      <div className={cn("max-w-md text-right", tone)}>
        <p className="font-medium">{t(`state.${state}`)}</p>
        {result?.state === "refused" ? <p className="text-xs text-ink-700 dark:text-ink-200">{t("refusedHint", { code: result.code })}</p> : null}
        {result?.state === "failing" ? (
          <p className="text-xs break-all text-ink-700 dark:text-ink-200">{t("failingDetail", { code: result.code, message: result.message })}</p>
        ) : null}
        {result?.state === "not-checked" ? <p className="text-xs text-ink-700 dark:text-ink-200">{t("notCheckedHint")}</p> : null}
      </div>
    </li>
  );
}
