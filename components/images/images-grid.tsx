"use client";
// The goods images grid (/images, `/api_v1_master_goodsimage/search`): each image with a
// thumbnail, its goods, file state (spec 3.2) and size, and the mall tag it is linked to (the
// search joins one tag link a row); quick filters: a search by goods code, file name or alt text,
// and the file state. The drawer shows the image larger. Beside the table, a gallery of picture
// cards (`?layout=gallery`, ./image-gallery.tsx, loaded only in that layout).
import { lazy } from "react";
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { lazyComponent } from "@/components/ui/lazy-component";
import { goods } from "@/lib/ne/registry/resources/goods";
import { goodsImage } from "@/lib/ne/registry/resources/goods-image";
import { ImageCell } from "./image-cell";
import { IMAGE_FIELDS } from "./image-source";

const ImagePreviewSection = lazyComponent(() => import("./image-preview-section"));
const ImageGallery = lazy(() => import("./image-gallery"));

const P = "goods_image_";
const LINK = "goods_image_tag_";
const TAG = "image_tag_";

export const imagesGrid = defineGrid({
  id: "images",
  resource: goodsImage,
  texts: "images",
  // The goods of the images shown (by code: a goods code filter as it is, others as this page's).
  links: [
    { href: "/goods", label: "images.toGoods", carry: { target: goods, fields: { [`${P}goods_id`]: "goods_id" }, key: { from: `${P}goods_id`, to: "goods_id" } } },
  ],
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
  cells: { [`${P}url_https`]: { render: ImageCell, needs: IMAGE_FIELDS } },
  quickFilters: [
    {
      kind: "keyword",
      label: "images.quick.keyword",
      targets: [
        { field: `${P}goods_id`, label: "images.quick.goodsId" },
        { field: `${P}file_name`, label: "images.quick.fileName" },
        { field: `${P}alt`, label: "images.quick.alt" },
      ],
    },
    { kind: "choice", field: `${P}status`, label: "images.quick.status" },
  ],
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
  gallery: { component: ImageGallery, needs: [...IMAGE_FIELDS, `${P}goods_id`, `${P}width`, `${P}height`] },
});

export const ImagesScreen = gridScreen(imagesGrid);
