"use client";
// The goods images grid (/images, `/api_v1_master_goodsimage/search`): each image with a
// thumbnail, its goods, file state (spec 3.2) and size, and the mall tag it is linked to (the
// search joins one tag link a row). The drawer shows the image larger.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { DataGrid } from "@/components/data-grid/data-grid";
import type { GridDefinition } from "@/components/data-grid/grid-definition";
import { buttonClasses } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { GridPreferences } from "@/lib/grid/preferences";
import { goodsImage } from "@/lib/ne/registry/resources/goods-image";
import { ImageCell } from "./image-cell";
import { IMAGE_FIELDS } from "./image-source";
import { ImageQuickFilters } from "./image-quick-filters";

const ImagePreviewSection = lazyComponent(() => import("./image-preview-section"));

const P = "goods_image_";
const LINK = "goods_image_tag_";
const TAG = "image_tag_";

export const imagesGrid: GridDefinition = {
  id: "images",
  resource: goodsImage,
  searchPath: "/api_v1_master_goodsimage/search",
  countPath: "/api_v1_master_goodsimage/count",
  defaultColumns: [
    `${P}url_https`,
    `${P}id`,
    `${P}goods_id`,
    `${P}file_name`,
    `${P}status`,
    `${P}width`,
    `${P}height`,
    `${P}size`,
    `${TAG}text`,
    `${TAG}mall_id`,
    `${P}last_modified_null_safe_date`,
  ],
  keyFields: [`${P}id`],
  rowKey: (row) => row[`${P}id`] ?? "",
  keyConditions: (key) => (/^\d{1,18}$/.test(key) ? [{ field: `${P}id`, op: "eq", value: key }] : null),
  cells: { [`${P}url_https`]: { render: ImageCell, needs: IMAGE_FIELDS } },
  quickFilters: ImageQuickFilters,
  drawerGroups: [
    { titleKey: "summary", fields: [`${P}id`, `${P}goods_id`, `${P}file_name`, `${P}status`, `${P}display_order`, `${P}deleted_flag`] },
    { titleKey: "imageFile", fields: [`${P}url_https`, `${P}url_http`, `${P}alt`, `${P}width`, `${P}height`, `${P}size`, `${P}convert_flg`] },
    {
      titleKey: "imageTag",
      fields: [`${TAG}text`, `${TAG}mall_id`, `${TAG}mall_sub_id`, `${TAG}id`, `${TAG}auto_register_no`, `${TAG}display_order`, `${LINK}id`, `${LINK}deleted_flag`],
    },
    { titleKey: "audit", fields: [`${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`] },
  ],
  drawerExtra: ImagePreviewSection,
};

export function ImagesGrid({ initialPreferences }: { initialPreferences: GridPreferences | null }) {
  const t = useTranslations("images");
  return (
    <DataGrid
      definition={imagesGrid}
      initialPreferences={initialPreferences}
      texts={{ label: t("gridLabel"), emptyTitle: t("empty.title"), emptyBody: t("empty.body"), filteredTitle: t("filtered.title") }}
      toolbarExtra={
        <Link href="/goods" className={buttonClasses({ size: "sm", variant: "ghost" })}>
          {t("toGoods")}
        </Link>
      }
    />
  );
}
