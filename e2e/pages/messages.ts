// The app's own texts, so that page objects find controls by the names people see (and a label
// that is not translated fails the story).
import en from "../../messages/en.json";
import ja from "../../messages/ja.json";

export type Locale = "ja" | "en";
export type Messages = typeof ja;
export const catalogues: Record<Locale, Messages> = { ja, en };

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^$()|[\]{}\\]/g, "\\$&");
}

/** A message with ICU arguments as a pattern matching any values ("{rows} 件を書き出す"). */
export function messagePattern(message: string): RegExp {
  const parts = message.split(/\{[^}]+\}/).map(escapeRegExp);
  return new RegExp(`^${parts.join(".+")}$`);
}

/** A message with its `{name}` arguments filled in. */
export function format(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}
