"use client";
// One journal upload's batches in a drawer, opened from the journal's list. Loaded with
// lazyComponent when Details is first hovered, focused or pressed (upload-journal.tsx), so the
// page's first load carries neither the drawer nor the entry's send panel.
import { useTranslations } from "next-intl";
import { Modal } from "@/components/ui/modal";
import { JournalEntry } from "./journal-entry";

export default function JournalDrawer({ id, fileName, onClose }: { id: string; fileName: string; onClose: () => void }) {
  const t = useTranslations("uploads");
  return (
    <Modal open onClose={onClose} side="right" title={fileName} subtitle={t("journal.drawerSubtitle")}>
      <JournalEntry key={id} id={id} titleShown={false} />
    </Modal>
  );
}
