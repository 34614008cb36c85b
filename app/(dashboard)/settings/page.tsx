import { getLocale, getTranslations } from "next-intl/server";
import { areaMetadata } from "@/components/shell/area-metadata";
import { AnalyticsCopySettings } from "@/components/settings/analytics-copy-settings";
import { ConnectionCheck } from "@/components/settings/connection-check";
import { ConnectionSettings, type ConnectionInfo } from "@/components/settings/connection-settings";
import { DisplaySettings } from "@/components/settings/display-settings";
import { GridLayoutsSettings } from "@/components/settings/grid-layouts-settings";
import { SavedViewsSettings } from "@/components/settings/saved-views-settings";
import { SettingsSection } from "@/components/settings/settings-section";
import { PageHeader } from "@/components/ui/page-header";
import { timeZone } from "@/i18n/config";
import { requireSession } from "@/lib/auth/require-session";
import { currentSessionKey } from "@/lib/auth/session";
import { serverEnv } from "@/lib/env";
import { customizedGrids, gridOwnerOf, listAllViews } from "@/lib/grid/server/store";
import { getNeServer } from "@/lib/gateway/server";

export const generateMetadata = () => areaMetadata("settings");
export const dynamic = "force-dynamic";

// Display (language, theme), saved views of every grid, grid layouts, the analytics copy (what is
// kept, as of when, delete now: components/settings/analytics-copy-settings.tsx), the API connection and its
// check (every operation the product uses, called once: components/settings/connection-check-panel.tsx). The
// views and layouts are read here for the first paint; the sections keep them fresh through
// lib/query/grid-storage.ts and lib/query/saved-views.ts (app/api/grid) as the person changes them.
export default async function SettingsPage() {
  const { profile } = await requireSession();
  const t = await getTranslations();
  const locale = await getLocale();
  // The session's stored row, read once: whose views these are, and when its tokens end (only
  // the two dates leave this page's server code, never a token).
  const key = await currentSessionKey();
  const stored = key ? await (await getNeServer()).store.get(key) : null;
  const owner = stored ? gridOwnerOf(stored) : null;
  const [allViews, customized] = await Promise.all([owner ? listAllViews(owner) : Promise.resolve([]), owner ? customizedGrids(owner) : Promise.resolve([])]);

  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const end = (date: Date | null) => (date ? { iso: date.toISOString(), text: format.format(date) } : null);
  const env = serverEnv();
  const connection: ConnectionInfo = {
    apiBaseUrl: env.apiBaseUrl,
    embeddedSandbox: env.embeddedSandbox,
    companyName: profile.companyName,
    personName: profile.personName,
    accessTokenEnd: end(stored?.accessTokenEndDate ?? null),
    refreshTokenEnd: end(stored?.refreshTokenEndDate ?? null),
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("areas.settings.title")} description={t("areas.settings.description")} />
      <DisplaySettings />
      <SavedViewsSettings initialViews={allViews} />
      <GridLayoutsSettings initialCustomized={customized} />
      <AnalyticsCopySettings />
      <ConnectionSettings info={connection} />
      <SettingsSection id="settings-connection-check" title={t("settings.connectionCheck.title")} description={t("settings.connectionCheck.description")}>
        <ConnectionCheck />
      </SettingsSection>
    </div>
  );
}
