import { notFound } from "next/navigation";
import { ClassificationList } from "@/components/masters/classification-list";
import { MasterScreenFrame, masterMetadata } from "../master-page";
import { isListSlug } from "@/components/masters/screens";

type Props = { params: Promise<{ list: string }> };

export async function generateMetadata({ params }: Props) {
  const { list } = await params;
  return isListSlug(list) ? masterMetadata(list) : {};
}

// One classification list (/masters/payment-methods, ...); any other name is not found.
export default async function ClassificationListPage({ params }: Props) {
  const { list } = await params;
  if (!isListSlug(list)) notFound();
  return (
    <MasterScreenFrame slug={list}>
      <ClassificationList slug={list} />
    </MasterScreenFrame>
  );
}
