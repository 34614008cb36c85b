import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { AreaKey } from "./nav-items";

// <title> of an area page; the root layout adds "| Backyard".
export async function areaMetadata(area: AreaKey): Promise<Metadata> {
  const t = await getTranslations("areas");
  return { title: t(`${area}.title`), description: t(`${area}.description`) };
}
