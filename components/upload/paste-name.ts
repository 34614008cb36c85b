// The name a paste gets in the journal, stamped in Japan time as the journal shows its times.

/** A paste's name: its kind and the time in Japan, as the journal shows times (paste-goods-20261127-093015.tsv). */
export function pasteName(kind: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Tokyo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `paste-${kind}-${part("year")}${part("month")}${part("day")}-${part("hour")}${part("minute")}${part("second")}.tsv`;
}
