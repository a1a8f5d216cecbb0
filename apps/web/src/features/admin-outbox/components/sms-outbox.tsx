import { useState } from 'react';
import { PagedDataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { type SmsOutboxFilter, useSmsOutboxList } from '../api/sms-outbox-list';
import { writtenColumn } from '../lib/written-column';

const FILTERS: Array<{ value: SmsOutboxFilter; label: string }> = [
  { value: 'unsent', label: 'Not sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'all', label: 'All SMS' },
];

export const SMS_PROVIDER_MISSING_BANNER =
  'SMS are not being sent: no SMS provider is configured (SMS_PROVIDER). Every SMS waits here; call the customer with what it says.';

/** Without a provider, phone verification codes are kept readable here: staff pass them on. */
export const SMS_CODES_SHOWN_NOTE =
  'Phone verification codes are shown here while no SMS provider is configured, so that you can read them to the customer by phone. Give a code only to the customer who asked for it, on the number it is for.';

/** With a provider, the shop keeps no code: only its hash, to check what the customer types. */
export const SMS_CODES_HIDDEN_NOTE =
  'Phone verification codes go to the customer by SMS only: here you see that a code was sent, never its digits.';

/** The SMS the shop wrote but did not send (no provider), or that failed: read them, call the customer. */
export function SmsOutbox() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<SmsOutboxFilter>('unsent');
  const query = useSmsOutboxList(page, state);
  const { data } = query;

  return (
    <section aria-labelledby="sms-outbox-heading" className="mt-12 space-y-4">
      <h2 id="sms-outbox-heading" className="font-serif text-2xl text-wine-900">
        SMS
      </h2>
      {data && !data.sms_configured ? (
        <FormMessage kind="info">{SMS_PROVIDER_MISSING_BANNER}</FormMessage>
      ) : null}
      {data ? (
        <p className="text-sm text-ink-soft">
          {data.sms_configured ? SMS_CODES_HIDDEN_NOTE : SMS_CODES_SHOWN_NOTE}
        </p>
      ) : null}
      <label className="flex items-center gap-3 text-sm font-semibold text-ink">
        Show
        <select
          className="h-10 rounded-lg border border-cream-300 bg-white px-3 font-normal"
          value={state}
          onChange={(event) => {
            setState(event.currentTarget.value as SmsOutboxFilter);
            setPage(1);
          }}
        >
          {FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </label>
      <PagedDataTable
        caption="SMS, newest first"
        columns={[
          writtenColumn(),
          { header: 'To', className: 'md:whitespace-nowrap', cell: (sms) => sms.phone },
          { header: 'Kind', cell: (sms) => sms.kind_label },
          { header: 'Message', cell: (sms) => sms.body },
          { header: 'Status', cell: (sms) => sms.state_label },
        ]}
        rowKey={(sms) => sms.id}
        query={query}
        what="The SMS"
        loading="Loading the SMS…"
        empty="No SMS here."
        page={page}
        onPage={setPage}
      />
    </section>
  );
}
