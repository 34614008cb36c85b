// Joins class names, skipping falsy ones. Enough for this codebase's conditional classes.
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
