import {
  AUDIT_KIND_LABELS,
  AUDIT_SUBJECT_TYPES,
  type AuditEntry,
  auditKindLabel,
} from '@shop/contract/audit';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useId } from 'react';
import { type DataColumn, PagedDataTable } from '../../../components/data-table';
import { inputClass, secondaryButtonClass, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { useAuditEntries } from '../api/audit-entries';
import { changedValues, readablePath } from '../lib/audit-diff';
import type { AuditSearch } from '../lib/audit-search';

const subjectLabels: Record<string, string> = {
  product: 'Product',
  variant: 'Size',
  category: 'Category',
  stock: 'Stock',
  image: 'Photo',
  catalog_import: 'Catalog import',
  order: 'Order',
  refund: 'Refund',
  discount_code: 'Discount code',
  company: 'Company account',
  user: 'Account',
  settings: 'Shop settings',
  review: 'Review',
  campaign: 'Newsletter campaign',
  event: 'Event',
  delivery_zone: 'Delivery zone',
  privacy: 'Privacy',
};

/** The kinds of each subject, for the filter: "every Product entry", then each kind of them. */
const kindsBySubject = AUDIT_SUBJECT_TYPES.map((type) => ({
  type,
  kinds: Object.keys(AUDIT_KIND_LABELS).filter((kind) => kind.startsWith(`${type}.`)),
}));

/** "Stock: Glenfiddich 12 · 700 ml bottle"; a subject since deleted keeps its id. */
function subjectLabel(entry: AuditEntry): string {
  const type = subjectLabels[entry.subject_type] ?? entry.subject_type;
  if (entry.subject_type === 'settings') return type;
  return entry.subject_name ? `${type}: ${entry.subject_name}` : `${type} ${entry.subject_id}`;
}

/** The subject's name, with a link to its back-office page where there is one. */
function Subject({ entry }: { entry: AuditEntry }) {
  const label = subjectLabel(entry);
  const id = entry.subject_id;
  switch (entry.subject_type) {
    case 'product':
      return (
        <Link to="/admin/products/$id" params={{ id }} className={textLinkClass}>
          {label}
        </Link>
      );
    case 'order':
      return (
        <Link to="/admin/orders/$id" params={{ id }} className={textLinkClass}>
          {label}
        </Link>
      );
    case 'settings':
      return (
        <Link to="/admin/settings" className={textLinkClass}>
          {label}
        </Link>
      );
    case 'discount_code':
      return (
        <Link to="/admin/discounts" className={textLinkClass}>
          {label}
        </Link>
      );
    case 'refund':
      return (
        <Link to="/admin/refunds" className={textLinkClass}>
          {label}
        </Link>
      );
    case 'category':
      return (
        <Link to="/admin/categories" className={textLinkClass}>
          {label}
        </Link>
      );
    case 'stock':
    case 'variant':
      return (
        <Link to="/admin/stock" className={textLinkClass}>
          {label}
        </Link>
      );
    case 'event':
      return (
        <Link to="/admin/events" className={textLinkClass}>
          {label}
        </Link>
      );
    case 'delivery_zone':
      return (
        <Link to="/admin/delivery-zones" className={textLinkClass}>
          {label}
        </Link>
      );
    default:
      return <span>{label}</span>;
  }
}

/** Before → after of the values that changed, one line each. */
export function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedValues(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-ink-soft">No values recorded</span>;
  return (
    <ul aria-label="Changes" className="space-y-1">
      {changes.map((change) => (
        <li key={change.path}>
          <span className="font-semibold">{readablePath(change.path)}</span>:{' '}
          <del className="text-ink-soft">{change.before}</del> →{' '}
          <ins className="no-underline">{change.after}</ins>
        </li>
      ))}
    </ul>
  );
}

function Filters({ search, onSearch }: { search: AuditSearch; onSearch: (search: AuditSearch) => void }) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const text = String(form.get(name) ?? '').trim();
      return text === '' ? undefined : text;
    };
    onSearch({ ...search, kind: value('kind'), from: value('from'), to: value('to'), page: undefined });
  };
  const known = kindsBySubject.some(
    ({ type, kinds }) => type === search.kind || kinds.includes(search.kind ?? ''),
  );
  const kinds = search.kind && !known ? [search.kind] : [];
  return (
    <form aria-label="Filter the audit trail" onSubmit={onSubmit} className="flex flex-wrap items-end gap-4">
      <div>
        <label htmlFor={`${id}-kind`} className="mb-1.5 block text-sm font-semibold">
          Kind
        </label>
        <select
          id={`${id}-kind`}
          name="kind"
          defaultValue={search.kind ?? ''}
          className={`${inputClass} w-56`}
        >
          <option value="">All kinds</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {auditKindLabel(kind)}
            </option>
          ))}
          {kindsBySubject.map(({ type, kinds: ofType }) => (
            <optgroup key={type} label={subjectLabels[type] ?? type}>
              <option value={type}>{`Every ${(subjectLabels[type] ?? type).toLowerCase()} entry`}</option>
              {ofType.map((kind) => (
                <option key={kind} value={kind}>
                  {auditKindLabel(kind)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className="mb-1.5 block text-sm font-semibold">
          From (Kampala day)
        </label>
        <input
          id={`${id}-from`}
          name="from"
          type="date"
          defaultValue={search.from ?? ''}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1.5 block text-sm font-semibold">
          Until (Kampala day)
        </label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={search.to ?? ''} className={inputClass} />
      </div>
      <button type="submit" className={secondaryButtonClass}>
        Filter
      </button>
      {search.actor ? (
        <p className="flex items-center gap-2 text-sm">
          Only {search.actor_name ?? 'one person'}’s actions
          <button
            type="button"
            className={textLinkClass}
            onClick={() => onSearch({ ...search, actor: undefined, actor_name: undefined, page: undefined })}
          >
            Show everyone
          </button>
        </p>
      ) : null}
    </form>
  );
}

/** The trail's columns; `onActor` narrows the trail to one person's actions. */
function auditColumns(onActor: (entry: AuditEntry) => void): Array<DataColumn<AuditEntry>> {
  return [
    {
      header: 'When',
      className: 'md:whitespace-nowrap',
      cell: (entry) => formatKampalaDateTime(entry.occurred_at),
    },
    {
      header: 'Who',
      cell: (entry) => (
        <span>
          {entry.actor.id ? (
            <button
              type="button"
              className={textLinkClass}
              aria-label={`Only ${entry.actor.name}’s actions`}
              onClick={() => onActor(entry)}
            >
              {entry.actor.name}
            </button>
          ) : (
            entry.actor.name
          )}
          <span className="block text-xs text-ink-soft">{entry.actor.role}</span>
        </span>
      ),
    },
    {
      header: 'What',
      cell: (entry) => (
        <span>
          <span className="font-semibold">{auditKindLabel(entry.kind)}</span>
          <span className="block">
            <Subject entry={entry} />
          </span>
          {entry.summary ? <span className="block text-ink-soft">{entry.summary}</span> : null}
        </span>
      ),
    },
    { header: 'Before → after', cell: (entry) => <Changes entry={entry} /> },
  ];
}

function Trail() {
  const search = useSearch({ strict: false }) as AuditSearch;
  const navigate = useNavigate();
  const onSearch = (next: AuditSearch) => void navigate({ to: '/admin/audit', search: next });
  const query = useAuditEntries(search, true);
  const page = search.page ?? 1;
  const onActor = (entry: AuditEntry) =>
    onSearch({
      ...search,
      actor: entry.actor.id ?? undefined,
      actor_name: entry.actor.name,
      page: undefined,
    });
  const columns = auditColumns(onActor);

  return (
    <div className="space-y-6">
      <Filters key={JSON.stringify(search)} search={search} onSearch={onSearch} />
      <PagedDataTable
        caption="Audit trail"
        columns={columns}
        rowKey={(entry) => entry.id}
        query={query}
        what="The audit trail"
        loading="Loading the audit trail…"
        empty="Nothing was recorded for these filters."
        summary={(answer) => (
          <p role="status" className="text-sm text-ink-soft">
            {answer.count.toLocaleString('en-US')} {answer.count === 1 ? 'entry' : 'entries'}
          </p>
        )}
        pagerLabel="Audit trail pages"
        page={page}
        onPage={(next) => onSearch({ ...search, page: next > 1 ? next : undefined })}
      />
    </div>
  );
}

/** /admin/audit: every back-office action, who and when, before → after (staff and admins). */
export function AdminAuditPage() {
  return (
    <PageShell
      eyebrow="Back office"
      title="Audit trail"
      lead="Every change made in the back office: who, when (Kampala time), what, and the values before → after."
    >
      <StaffOnly>
        <Trail />
      </StaffOnly>
    </PageShell>
  );
}
