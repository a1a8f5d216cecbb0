/** One changed value of an audit entry: where it is (`opening_hours.sunday.open`), was, is. */
export type ChangedValue = { path: string; before: string; after: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of objects with a `day` (or `id`) is keyed by it, so a change reads "sunday.open". */
function keyed(value: unknown): Record<string, unknown> | null {
  if (isRecord(value)) return value;
  if (!Array.isArray(value)) return null;
  const out: Record<string, unknown> = {};
  value.forEach((item, index) => {
    const key = isRecord(item) ? (item.day ?? item.id ?? index) : index;
    out[String(key)] = item;
  });
  return out;
}

export function shown(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'none';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

/**
 * The values that differ between an entry's `before` and `after`, nested objects and lists
 * followed down to the values that changed; a creation (no before) or removal (no after) lists
 * every value with "—" on the missing side.
 */
export function changedValues(before: unknown, after: unknown, path = ''): ChangedValue[] {
  const was = keyed(before);
  const is = keyed(after);
  if ((was || before == null) && (is || after == null) && (was || is)) {
    const keys = [...new Set([...Object.keys(was ?? {}), ...Object.keys(is ?? {})])];
    return keys.flatMap((key) =>
      changedValues(was ? was[key] : undefined, is ? is[key] : undefined, path ? `${path}.${key}` : key),
    );
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: path || 'value', before: shown(before), after: shown(after) }];
}

/** A field's path as people read it: "opening_hours.sunday.open" → "opening hours › sunday › open". */
export const readablePath = (path: string) =>
  path
    .split('.')
    .map((part) => part.replace(/_/g, ' '))
    .join(' › ');
