"use client";
// Cells copied from Excel (tab-separated, header row first) checked like a file of that kind.
import { ClipboardPaste } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { PageKind } from "./stocktake/page-kind";

export function PasteBox({ kind, onPaste }: { kind: PageKind; onPaste: (text: string) => void }) {
  const t = useTranslations("uploads.paste");
  const kinds = useTranslations("uploads.kinds");
  const [text, setText] = useState("");
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === "") return;
    onPaste(text);
    setText("");
  };
  return (
    <details className="group rounded-md border border-ink-200 dark:border-ink-800">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium text-ink-800 select-none hover:bg-ink-50 dark:text-ink-100 dark:hover:bg-ink-800/60">
        <ClipboardPaste aria-hidden="true" className="size-4 text-ink-500" />
        {t("summary")}
      </summary>
      <form onSubmit={submit} className="flex flex-col gap-2 border-t border-ink-200 p-3 dark:border-ink-800">
        <label htmlFor={id} className="text-sm text-ink-700 dark:text-ink-200">
          {t("label", { kind: kinds(kind) })}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={5}
          spellCheck={false}
          className="min-h-24 w-full rounded-md border border-ink-300 bg-ink-0 p-2 font-mono text-xs text-ink-900 dark:border-ink-600 dark:bg-ink-900 dark:text-ink-100"
        />
        <div>
          <Button type="submit" size="sm" disabled={text.trim() === ""}>
            {t("check")}
          </Button>
        </div>
      </form>
    </details>
  );
}
