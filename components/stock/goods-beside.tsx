"use client";
// The goods code cell of the stock grids once the page's goods join has answered: a 28 px
// thumbnail (a sized box; a picture that cannot load leaves a "no image" mark), the code, and the
// goods name under it, or why there is none. Its own chunk (./stock-goods-cell.tsx loads it): the
// first rows paint without it.
import { useTranslations } from "next-intl";
import type { PageJoinState } from "@/components/data-grid/page-join";
import { ImageThumbnail } from "@/components/images/image-thumbnail";
import type { GoodsJoin } from "./goods-join";

export default function GoodsBeside({ value, join }: { value: string | null; join: PageJoinState }) {
  const t = useTranslations("stock.goodsJoin");
  const tImages = useTranslations("images");
  const data = join.status === "success" ? (join.data as GoodsJoin) : null;
  const name = value && data ? data.names[value] : undefined;
  const image = value && data?.images ? data.images[value] : undefined;
  let second;
  if (name) {
    second = (
      <span data-goods-name="" data-user-content="" title={name} className="line-clamp-2 text-xs break-words whitespace-normal text-ink-600 dark:text-ink-300">
        {name}
      </span>
    );
  } else if (data) {
    second = <span className="truncate text-xs text-ink-500 dark:text-ink-400">{t("unknown")}</span>;
  } else {
    second = <span className="truncate text-xs text-red-700 dark:text-red-300">{t("failed")}</span>;
  }
  return (
    <span className="flex min-w-0 items-center gap-2" data-goods-join={join.status}>
      <ImageThumbnail src={image?.src ?? null} alt={image?.alt || name || value || ""} size={28} missingLabel={tImages("noImage")} />
      <span className="flex min-w-0 flex-col leading-4">
        <span data-user-content="" className="truncate">
          {value ?? ""}
        </span>
        {second}
      </span>
    </span>
  );
}
