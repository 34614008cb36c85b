"use client";
// A goods name in a grid cell: up to two lines (then cut, the whole name as its title) rather than
// one line cut short, so the colour and size at the end of a name stay in sight. The goods grid
// shows the goods' first image beside it, from the page's image join (one image search per page,
// components/stock/goods-join.ts, `goodsImagesJoinQuery`); order rows show the name alone.
import { useTranslations } from "next-intl";
import type { CellContext, CustomCell } from "@/components/data-grid/grid-definition";
import { usePageJoin } from "@/components/data-grid/page-join";
import { ImageThumbnail } from "@/components/images/image-thumbnail";
import type { GoodsJoin } from "@/components/stock/goods-join";

/** Row height of grids whose goods names take two lines. */
export const TWO_LINE_ROW_HEIGHT = 44;

export function GoodsNameText({ name }: { name: string }) {
  return (
    <span data-user-content="" data-goods-name-text="" title={name} className="line-clamp-2 leading-4 break-words whitespace-normal">
      {name}
    </span>
  );
}

function TwoLineName({ value }: CellContext) {
  if (value === null || value === "") return null;
  return <GoodsNameText name={value} />;
}

function ThumbnailAndName({ value, row }: CellContext) {
  const tImages = useTranslations("images");
  const join = usePageJoin();
  const code = row.goods_id ?? "";
  const image = join.status === "success" ? (join.data as GoodsJoin).images?.[code] : undefined;
  return (
    <span className="flex min-w-0 items-center gap-2" data-goods-thumbnail={join.status}>
      <ImageThumbnail src={image?.src ?? null} alt={image?.alt || value || code} size={32} missingLabel={tImages("noImage")} />
      {value ? <GoodsNameText name={value} /> : null}
    </span>
  );
}

/** The words the width is fitted to. */
const nameText = ({ value }: CellContext) => value ?? "";

/** A goods name over two lines (order rows). */
export const twoLineNameCell: CustomCell = { render: TwoLineName, text: nameText };
/** The goods grid's name: the thumbnail (reads the row's goods code) and the name over two lines. */
export const goodsNameCell: CustomCell = { render: ThumbnailAndName, needs: ["goods_id"], text: nameText };
