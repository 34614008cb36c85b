import { getTranslations } from "next-intl/server";
import { areaMetadata } from "@/components/shell/area-metadata";
import { UploadWorkspace } from "@/components/upload/upload-workspace";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = () => areaMetadata("uploads");

// Operators drop warehouse-stock and goods CSVs here; everything after the header is client-side
// (the files never leave the browser until their checked batches are stored in the journal).
export default async function UploadsPage() {
  const t = await getTranslations("areas.uploads");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <UploadWorkspace />
    </div>
  );
}
