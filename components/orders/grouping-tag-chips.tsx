"use client";
// An order's grouping tags as chips in the colours of the tag master
// (`/api_v1_receiveorder_groupingtag/search`: name, background, text colour). Text colours that
// would be unreadable on their background are swapped for black or white (lib/grid/color.ts).
import { useQuery } from "@tanstack/react-query";
import { parseGroupingTags } from "@/lib/grid/grouping-tags";
import { readableChipColors, type ChipColors } from "@/lib/grid/color";
import { callSearch, type NeRequest } from "@/lib/query/call-operation";
import { neKeys } from "@/lib/query/keys";
import type { CellContext } from "@/components/data-grid/grid-definition";

const TAG_PATH = "/api_v1_receiveorder_groupingtag/search" as const;
const TAG_REQUEST: NeRequest = { fields: ["grouping_tag_name", "grouping_tag_color", "grouping_tag_str_color"], limit: 10_000 };

function useTagColors(enabled: boolean): Map<string, ChipColors> | undefined {
  const query = useQuery({
    queryKey: neKeys.request(TAG_PATH, TAG_REQUEST),
    queryFn: ({ signal }) => callSearch(TAG_PATH, TAG_REQUEST, signal),
    staleTime: 10 * 60_000,
    enabled,
    select: (answer) => {
      const map = new Map<string, ChipColors>();
      for (const row of answer.rows) {
        const name = row.grouping_tag_name;
        const colors = readableChipColors(row.grouping_tag_color, row.grouping_tag_str_color);
        if (name && colors) map.set(name, colors);
      }
      return map;
    },
  });
  return query.data;
}

export function GroupingTagChips({ value }: CellContext) {
  const tags = parseGroupingTags(value);
  const colors = useTagColors(tags.length > 0);
  if (tags.length === 0) return null;
  return (
    <span className="flex min-w-0 flex-wrap gap-1 overflow-hidden">
      {tags.map((tag) => {
        const c = colors?.get(tag);
        return (
          <span
            key={tag}
            data-user-content=""
            data-tag={tag}
            className="inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-xs leading-none font-medium ring-1 ring-ink-300 ring-inset dark:ring-ink-600"
            style={c ? { backgroundColor: c.background, color: c.text } : undefined}
          >
            {tag}
          </span>
        );
      })}
    </span>
  );
}
