import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { AreaKey } from "./nav-items";

// <title> of an area page; the root layout adds "| Backyard".
export async function areaMetadata(area: AreaKey): Promise<Metadata> {
  // The area's own namespace: a key built from the whole union of areas is past what the message
  // types check in one go.
  const t = await getTranslations(`areas.${area}`);
  return { title: t("title"), description: t("description") };
}
