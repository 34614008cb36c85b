// The audit fields a master drawer shows under "History" (spec 2.4), for a field prefix.
export function auditGroupFields(prefix: string): string[] {
  return ["creation_date", "creator_name", "last_modified_date", "last_modified_by_name"].map((s) => `${prefix}${s}`);
}
