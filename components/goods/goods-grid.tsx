"use client";
// The goods master grid (/goods, `/api_v1_master_goods/search`, spec 2.7): code, name, type and
// handling class (translated classification names), prices, stock and supplier; a drawer grouping
// the master's fields with the goods' tags below, fetched when the drawer opens.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { DataGrid } from "@/components/data-grid/data-grid";
import type { GridDefinition } from "@/components/data-grid/grid-definition";
import { buttonClasses } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { GridPreferences } from "@/lib/grid/preferences";
import { primaryKeyRecord } from "@/lib/grid/record-key";
import { goods } from "@/lib/ne/registry/resources/goods";
import { GoodsQuickFilters } from "./goods-quick-filters";

const GoodsTagsSection = lazyComponent(() => import("./goods-tags-section"));

const P = "goods_";

export const goodsGrid: GridDefinition = {
  id: "goods",
  resource: goods,
  searchPath: "/api_v1_master_goods/search",
  countPath: "/api_v1_master_goods/count",
  defaultColumns: [
    `${P}id`,
    `${P}name`,
    `${P}type_id`,
    `${P}merchandise_id`,
    `${P}status_name`,
    `${P}selling_price`,
    `${P}cost_price`,
    `${P}display_price`,
    "stock_quantity",
    "supplier_name",
    `${P}visible_flag`,
  ],
  ...primaryKeyRecord(goods),
  quickFilters: GoodsQuickFilters,
  drawerGroups: [
    {
      titleKey: "summary",
      fields: [`${P}id`, `${P}representation_id`, `${P}name`, `${P}foreign_name`, `${P}type_id`, `${P}merchandise_id`, `${P}status_name`, `${P}condition_id`, `${P}visible_flag`, `${P}tag`, `${P}note`, `${P}deleted_flag`],
    },
    {
      titleKey: "amounts",
      fields: [`${P}selling_price`, `${P}cost_price`, `${P}display_price`, `${P}foreign_selling_price`, `${P}tax_rate`, `${P}tax_id`, `${P}wholesale_retail_ratio`],
    },
    {
      titleKey: "stock",
      fields: ["stock_quantity", `${P}stock_management_flag`, `${P}stock_constant`, `${P}order_point`, `${P}lot`, `${P}stock_wholesale_quantity`, `${P}stock_alert_mail_threshold`, `${P}location`],
    },
    {
      titleKey: "maker",
      fields: [`${P}supplier_id`, "supplier_name", `${P}maker_name`, `${P}maker_kana`, `${P}brand_name`, `${P}model_number`, `${P}maker_model_number`, `${P}jan_code`, `${P}color`, `${P}size`],
    },
    {
      titleKey: "delivery",
      fields: [`${P}delivery_name`, `${P}forwarding_method_id`, `${P}delivery_mail_flag`, `${P}delivery_mail_maximum_quality`, `${P}gift_ok_flg`, `${P}same_day_delivery_id`, `${P}weight`, `${P}width`, `${P}length`, `${P}height`],
    },
    {
      titleKey: "dates",
      fields: [`${P}release_date`, `${P}publication_date`, `${P}sale_start_date`, `${P}sale_end_date`, `${P}first_time_sold_date`, `${P}last_time_sold_date`, `${P}first_time_supplied_date`, `${P}last_time_supplied_date`],
    },
    { titleKey: "audit", fields: [`${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`] },
  ],
  drawerExtra: GoodsTagsSection,
};

export function GoodsGrid({ initialPreferences }: { initialPreferences: GridPreferences | null }) {
  const t = useTranslations("goods");
  return (
    <DataGrid
      definition={goodsGrid}
      initialPreferences={initialPreferences}
      texts={{ label: t("gridLabel"), emptyTitle: t("empty.title"), emptyBody: t("empty.body"), filteredTitle: t("filtered.title") }}
      toolbarExtra={
        <>
          <Link href="/stock" className={buttonClasses({ size: "sm", variant: "ghost" })}>
            {t("toStock")}
          </Link>
          <Link href="/images" className={buttonClasses({ size: "sm", variant: "ghost" })}>
            {t("toImages")}
          </Link>
        </>
      }
    />
  );
}
