/**
 * A form-encoded body (application/x-www-form-urlencoded, spec §7) from plain
 * values; undefined, null and blank strings are left out, as a form would.
 */
export function formBody(values: Record<string, string | number | boolean | null | undefined>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text.trim() === '') continue;
    form.set(key, text);
  }
  return form;
}
