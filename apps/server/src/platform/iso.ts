/** A stored time as a reply writes it: ISO 8601, null (or absent) as null. One helper for every area's read model. */
export const isoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
