"use client";
// The goods code cell of the stock grids: a 28 px thumbnail, the code, and the goods name under it,
// both from the page's goods join (./goods-join.ts), which arrives after the rows: until then the
// code shows alone beside an empty box.
import { useTranslations } from "next-intl";
import type { CellContext } from "@/components/data-grid/grid-definition";
import { usePageJoin } from "@/components/data-grid/page-join";
import { ImageThumbnail } from "@/components/images/image-thumbnail";
import type { GoodsJoin } from "./goods-join";

export function StockGoodsCell({ value }: CellContext) {
  const t = useTranslations("stock.goodsJoin");
  const tImages = useTranslations("images");
  const join = usePageJoin();
  const data = join.status === "success" ? (join.data as GoodsJoin) : null;
  const name = value && data ? data.names[value] : undefined;
  const image = value && data?.images ? data.images[value] : undefined;
  let second;
  if (name) {
    second = (
      <span data-goods-name="" data-user-content="" title={name} className="truncate text-xs text-ink-600 dark:text-ink-300">
        {name}
      </span>
    );
  } else if (join.status === "error") {
    second = <span className="truncate text-xs text-red-700 dark:text-red-300">{t("failed")}</span>;
  } else if (data) {
    second = <span className="truncate text-xs text-ink-500 dark:text-ink-400">{t("unknown")}</span>;
  } else if (join.status === "pending") {
    second = <span className="sr-only">{t("loading")}</span>;
  }
  return (
    <span className="flex min-w-0 items-center gap-2" data-goods-join={join.status}>
      {data ? (
        <ImageThumbnail src={image?.src ?? null} alt={image?.alt || name || value || ""} size={28} missingLabel={tImages("noImage")} />
      ) : (
        <span aria-hidden="true" className="size-7 shrink-0 rounded border border-ink-200 bg-ink-50 dark:border-ink-700 dark:bg-ink-850" />
      )}
      <span className="flex min-w-0 flex-col leading-4">
        <span data-user-content="" className="truncate">
          {value ?? ""}
        </span>
        {second}
      </span>
    </span>
  );
}
