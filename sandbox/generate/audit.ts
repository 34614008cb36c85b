// Audit fields (spec 2.4) and the staff who appear in them.
import type { LoadRow } from "../loader";

export interface Staff {
  id: number;
  name: string;
}

/**
 * Audit values for a prefix. `modified` null means never modified (the null-safe variants then
 * repeat the creation values). Keys a resource lacks are dropped by `fit` before loading.
 */
export function audit(prefix: string, created: string, creator: Staff, modified: string | null, modifier: Staff | null): LoadRow {
  const by = modified ? (modifier ?? creator) : null;
  return {
    [`${prefix}creation_date`]: created,
    [`${prefix}last_modified_date`]: modified,
    [`${prefix}last_modified_null_safe_date`]: modified ?? created,
    [`${prefix}creator_id`]: creator.id,
    [`${prefix}creator_name`]: creator.name,
    [`${prefix}last_modified_by_id`]: by ? by.id : null,
    [`${prefix}last_modified_by_null_safe_id`]: by ? by.id : creator.id,
    [`${prefix}last_modified_by_name`]: by ? by.name : null,
    [`${prefix}last_modified_by_null_safe_name`]: by ? by.name : creator.name,
  };
}
