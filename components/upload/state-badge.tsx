"use client";
// A journal file's status or a batch's state as a coloured badge with its words.
import { useTranslations } from "next-intl";
import { TONES, type Tone } from "@/components/ui/tones";
import { cn } from "@/components/ui/cn";
import type { BatchState, FileStatus } from "@/lib/uploads/contract";

const FILE_TONES: Record<FileStatus, Tone> = {
  storing: "slate",
  ready: "sky",
  sending: "blue",
  paused: "amber",
  waiting: "violet",
  done: "emerald",
  failed: "red",
  attention: "amber",
  cancelled: "slate",
};

const BATCH_TONES: Record<BatchState, Tone> = {
  stored: "slate",
  sending: "blue",
  unknown: "amber",
  queued: "sky",
  processing: "violet",
  done: "emerald",
  failed: "red",
  cancelled: "slate",
};

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset";

export function StateBadge(props: { file: FileStatus } | { batch: BatchState }) {
  const t = useTranslations("uploads");
  if ("file" in props) return <span className={cn(badge, TONES[FILE_TONES[props.file]])}>{t(`fileStatus.${props.file}`)}</span>;
  return <span className={cn(badge, TONES[BATCH_TONES[props.batch]])}>{t(`batchState.${props.batch}`)}</span>;
}
