import {
  type AdminDiscountCode,
  DISCOUNT_STATUSES,
  type DiscountStatus,
  discountStatusLabels,
} from '@shop/contract/discounts';
import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PagedDataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { formErrorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useChangeDiscountStatus } from '../api/change-discount-status';
import { useDiscountCodes } from '../api/discount-codes';
import { DiscountCodeForm } from '../components/discount-code-form';

type StatusTab = DiscountStatus | 'all';

/** What a status change did, after the code's name: "WHISKY15 is paused". */
const STATUS_CHANGED: Record<DiscountStatus, string> = {
  active: 'is active again',
  paused: 'is paused: customers cannot use it until it is resumed',
  ended: 'has ended',
};
const TABS: ReadonlyArray<{ value: StatusTab; label: string }> = [
  { value: 'all', label: 'All' },
  ...DISCOUNT_STATUSES.map((status) => ({ value: status, label: discountStatusLabels[status] })),
];

function periodOf(code: AdminDiscountCode): string {
  if (!code.starts_at && !code.ends_at) return 'Always';
  const from = code.starts_at ? `from ${formatKampalaShortDateTime(code.starts_at)}` : '';
  const until = code.ends_at ? `until ${formatKampalaShortDateTime(code.ends_at)}` : '';
  return [from, until].filter(Boolean).join(' ');
}

function limitsOf(code: AdminDiscountCode): string {
  const total = code.max_uses === null ? `${code.uses} used` : `${code.uses} of ${code.max_uses} used`;
  return code.max_uses_per_customer === null ? total : `${total}; ${code.max_uses_per_customer} per customer`;
}

function StatusActions({
  code,
  editing,
  onEdit,
  onError,
}: {
  code: AdminDiscountCode;
  editing: boolean;
  onEdit: () => void;
  onError: (message: string) => void;
}) {
  const mutation = useChangeDiscountStatus();
  if (code.status === 'ended') return <span className="text-ink-soft">Ended</span>;
  const change = (status: DiscountStatus) =>
    mutation.mutate(
      { id: code.id, status },
      {
        onSuccess: (saved) => toast.success(`${saved.code} ${STATUS_CHANGED[saved.status]}`),
        onError: (error) => onError(formErrorMessage(error)),
      },
    );
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        aria-expanded={editing}
        aria-label={`Change ${code.code}`}
        onClick={onEdit}
      >
        Change
      </button>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={mutation.isPending}
        aria-label={`${code.status === 'paused' ? 'Resume' : 'Pause'} ${code.code}`}
        onClick={() => change(code.status === 'paused' ? 'active' : 'paused')}
      >
        {code.status === 'paused' ? 'Resume' : 'Pause'}
      </button>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={mutation.isPending}
        aria-label={`End ${code.code}`}
        onClick={() => {
          if (window.confirm(`End ${code.code} for good? Customers can no longer use it.`)) change('ended');
        }}
      >
        End
      </button>
    </div>
  );
}

/** Finds codes by part of their text (the API matches any case). */
function CodeSearch({ onSearch }: { onSearch: (code: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <form
      aria-label="Find a code"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          Code contains
        </label>
        <input
          id={id}
          value={text}
          maxLength={32}
          onChange={(event) => setText(event.currentTarget.value)}
          className="mt-1 rounded-lg border border-cream-300 px-3 py-1.5"
        />
      </div>
      <button type="submit" className={buttonClass('secondary', 'sm')}>
        Find
      </button>
    </form>
  );
}

function DiscountDesk() {
  const [status, setStatus] = useState<StatusTab>('all');
  const [page, setPage] = useState(1);
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const query = useDiscountCodes(status === 'all' ? null : status, page, true, code);

  return (
    <div className="space-y-6">
      <DiscountCodeForm />
      <CodeSearch
        onSearch={(text) => {
          setCode(text);
          setPage(1);
        }}
      />
      <Tabs
        label="Codes by status"
        tabs={TABS}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      >
        {actionError ? <FormMessage kind="error">{actionError}</FormMessage> : null}
        {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
        <PagedDataTable
          caption="Discount codes"
          columns={[
            {
              header: 'Code',
              cell: (code) => (
                <span>
                  <span className="font-semibold">{code.code}</span>
                  {code.description ? <span className="block text-ink-soft">{code.description}</span> : null}
                </span>
              ),
            },
            {
              header: 'Discount',
              cell: (code) => (
                <span>
                  {code.label}
                  {code.categories.length > 0 ? (
                    <span className="block text-ink-soft">
                      on {code.categories.map((category) => category.name).join(', ')}
                    </span>
                  ) : null}
                </span>
              ),
            },
            {
              header: 'Minimum',
              cell: (code) => (code.minimum_order > 0 ? formatUGX(code.minimum_order) : 'None'),
            },
            { header: 'Valid', cell: periodOf },
            { header: 'Uses', cell: limitsOf },
            { header: 'Status', cell: (code) => discountStatusLabels[code.status] },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (code) => (
                <StatusActions
                  code={code}
                  editing={editing === code.id}
                  onEdit={() => setEditing((current) => (current === code.id ? null : code.id))}
                  onError={setActionError}
                />
              ),
            },
          ]}
          rowKey={(code) => code.id}
          detail={(code) =>
            editing === code.id && code.status !== 'ended' ? (
              <DiscountCodeForm
                editing={code}
                onSaved={(saved) => {
                  setEditing(null);
                  setNotice(`Saved: ${saved.code}, ${saved.label}.`);
                }}
              />
            ) : null
          }
          query={query}
          what="The list"
          loading="Loading discount codes…"
          empty={code ? `No code contains “${code}”.` : 'No discount codes yet.'}
          page={page}
          onPage={setPage}
        />
      </Tabs>
    </div>
  );
}

/**
 * /admin/discounts, the back office's discount codes (staff and admins; the API refuses anyone
 * else too): a new code, and the codes newest first with their uses, paused, resumed or ended.
 */
export function AdminDiscountsPage() {
  return (
    <PageShell eyebrow="Back office" title="Discount codes">
      <StaffOnly>
        <DiscountDesk />
      </StaffOnly>
    </PageShell>
  );
}
