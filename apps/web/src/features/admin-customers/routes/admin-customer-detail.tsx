import type { CustomerDetail } from '@shop/contract/customers-admin';
import { rsvpStatusLabels } from '@shop/contract/events';
import { formatKampalaShortDate, formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { orderStatusLabels } from '@shop/contract/orders';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useCustomer } from '../api/customer';
import { DisableAccountForm } from '../components/disable-account-form';
import { ErasureForm } from '../components/erasure-form';
import { ROLE_LABELS } from './admin-customers';

const route = getRouteApi('/admin/customers/$id');

const NEWSLETTER_LABELS = {
  pending: 'Waiting for confirmation',
  confirmed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `customer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="font-serif text-2xl text-wine-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs tracking-[0.1em] text-ink-soft uppercase">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

function CustomerPage({ customer }: { customer: CustomerDetail }) {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const newsletter = customer.newsletter.status
    ? NEWSLETTER_LABELS[customer.newsletter.status]
    : customer.newsletter.opted_in
      ? 'Asked for it at sign-up'
      : 'Not subscribed';
  return (
    <div className="space-y-10">
      <h2 className="font-serif text-3xl text-wine-900">{customer.name || customer.email}</h2>
      {customer.disabled ? (
        <FormMessage kind="error">
          This account is disabled
          {customer.disabled_at ? ` since ${formatKampalaShortDateTime(customer.disabled_at)}` : ''}
          {customer.disabled_reason ? `: ${customer.disabled_reason}` : ''}.
        </FormMessage>
      ) : null}
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Fact label="E-mail">{customer.email}</Fact>
        <Fact label="Phone">{customer.phone ?? '—'}</Fact>
        <Fact label="Role">{ROLE_LABELS[customer.role]}</Fact>
        <Fact label="Customer since">{formatKampalaShortDate(customer.created_at)}</Fact>
        <Fact label="Orders">{customer.orders.count}</Fact>
        <Fact label="Total spent">{formatUGX(customer.orders.total_spent)}</Fact>
        <Fact label="Wishlist">
          {customer.wishlist_size === 1 ? '1 bottle' : `${customer.wishlist_size} bottles`}
        </Fact>
        <Fact label="Newsletter">{newsletter}</Fact>
      </dl>

      <Section title="Recent orders">
        <DataTable
          caption="Recent orders"
          columns={[
            {
              header: 'Order',
              cell: (order) => (
                <Link to="/admin/orders/$id" params={{ id: order.id }} className={textLinkClass}>
                  {order.order_number}
                </Link>
              ),
            },
            { header: 'Placed', cell: (order) => formatKampalaShortDateTime(order.created_at) },
            { header: 'Status', cell: (order) => orderStatusLabels[order.status] },
            { header: 'Payment', cell: (order) => order.payment_status },
            { header: 'Total', cell: (order) => formatUGX(order.total) },
          ]}
          rows={customer.orders.recent}
          rowKey={(order) => order.id}
          empty="No orders yet."
        />
        {customer.orders.count > customer.orders.recent.length ? (
          <p className="text-sm text-ink-soft">
            The {customer.orders.recent.length} newest of {customer.orders.count} orders; find the others on
            the{' '}
            <Link to="/admin/orders" className={textLinkClass}>
              orders desk
            </Link>{' '}
            by the customer's e-mail.
          </p>
        ) : null}
      </Section>

      <Section title="Event RSVPs">
        {customer.rsvps.length === 0 ? (
          <p className="text-ink-soft">No RSVPs.</p>
        ) : (
          <ul className="space-y-1">
            {customer.rsvps.map((rsvp) => (
              <li key={rsvp.id}>
                {rsvp.event_title}:{' '}
                {rsvpStatusLabels[rsvp.status as keyof typeof rsvpStatusLabels] ?? rsvp.status},{' '}
                {rsvp.guests === 1 ? '1 seat' : `${rsvp.guests} seats`}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Reviews">
        {customer.reviews.length === 0 ? (
          <p className="text-ink-soft">No reviews.</p>
        ) : (
          <ul className="space-y-1">
            {customer.reviews.map((review) => (
              <li key={review.id}>
                {review.product_name}: {review.rating}/5 “{review.title}”{review.is_hidden ? ' (hidden)' : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {customer.role === 'customer' ? (
        <Section title="Delete the account">
          <p className="text-sm text-ink-soft">
            For a customer who asks by e-mail or phone: their personal data is erased after the cooling-off
            (they are told and may cancel); orders and invoices stay without their contact details.
          </p>
          <ErasureForm customerId={customer.id} />
        </Section>
      ) : null}

      {isAdmin ? (
        <Section title={customer.disabled ? 'Enable the account' : 'Disable the account'}>
          <p className="text-sm text-ink-soft">
            A disabled account is signed out everywhere at once and cannot sign in; its orders stay.
          </p>
          <DisableAccountForm customer={customer} />
        </Section>
      ) : null}
    </div>
  );
}

function CustomerLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch } = useCustomer(id);
  if (isError && isApiError(error) && error.status === 404) {
    return <FormMessage kind="error">No such customer.</FormMessage>;
  }
  if (isPending || isError) {
    return (
      <QueryStatus
        pending={isPending}
        onRetry={refetch}
        what="The customer"
        loading="Loading the customer…"
      />
    );
  }
  return <CustomerPage customer={data} />;
}

/** /admin/customers/$id (staff; disabling is for admins): one customer's account and activity. */
export function AdminCustomerDetailPage() {
  const { id } = route.useParams();
  return (
    <PageShell eyebrow="Back office · Customers" title="Customer">
      <div className="space-y-6">
        <p>
          <Link to="/admin/customers" className={textLinkClass}>
            Back to customers
          </Link>
        </p>
        <StaffOnly>
          <CustomerLoader id={id} />
        </StaffOnly>
      </div>
    </PageShell>
  );
}
