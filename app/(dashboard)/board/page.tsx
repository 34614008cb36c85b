import { areaMetadata } from "@/components/shell/area-metadata";
import { OrderBoard } from "@/components/board/order-board";

export const generateMetadata = () => areaMetadata("board");

// The order status board (components/board): everything on it is the browser's, through the BFF.
export default function BoardPage() {
  return <OrderBoard />;
}
