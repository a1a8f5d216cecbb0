/** The audit page's filters live in its address, so a filtered view can be reloaded and shared. */
export type AuditSearch = {
  /** An account id (uuid): one person's actions. */
  actor?: string;
  /** Its name, to show while filtered by it. */
  actor_name?: string;
  /** A kind (`product.update`) or every kind of a subject (`product`). */
  kind?: string;
  /** Kampala days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  page?: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND = /^[a-z_]+(\.[a-z_]+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const actor = text(search.actor);
  const kind = text(search.kind);
  const from = text(search.from);
  const to = text(search.to);
  const name = text(search.actor_name).slice(0, 100);
  const rawPage = typeof search.page === 'number' ? search.page : Number(text(search.page));
  return {
    actor: UUID.test(actor) ? actor : undefined,
    actor_name: UUID.test(actor) && name ? name : undefined,
    kind: KIND.test(kind) ? kind : undefined,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
    page: Number.isInteger(rawPage) && rawPage > 1 && rawPage < 100_000 ? rawPage : undefined,
  };
}
