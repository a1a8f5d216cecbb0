import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormMessage, textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { verifyPayment } from '../../../lib/mobile-money/verify-payment';
import { useSession } from '../../../lib/session/use-session';
import { PAYMENTS_KEY } from '../api/payment-keys';

const route = getRouteApi('/payment_return');

export const RETURN_NOT_FOUND = 'We could not find this payment among yours.';
export const RETURN_NOTHING = 'There is no payment to confirm here.';

/** How often a pending RSVP payment is checked again (the server limits provider calls itself). */
const RSVP_RECHECK_MS = 4_000;

/**
 * /payment_return: where the provider's page (or the sandbox's phone) sends the customer back,
 * with our reference in `tx_ref`. Whatever else the URL says, the server verifies the payment
 * with the provider; then the customer goes to the order's success page, or back to the payment
 * screen (still waiting, or to try again with the reason). A paid RSVP goes on to the event's
 * page, which shows the ticket; while its payment is pending the page keeps checking, and a
 * failed one says why and leads back to the event to try again.
 */
export function PaymentReturnPage() {
  const search = route.useSearch();
  const reference = search.tx_ref;
  const { status } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: [...PAYMENTS_KEY, 'return', reference],
    queryFn: ({ signal }) => verifyPayment(reference ?? '', signal),
    enabled: Boolean(reference) && status === 'customer',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    // An order's pending payment is followed on its payment screen; an RSVP's is followed here.
    refetchInterval: (query) =>
      query.state.data?.purpose === 'event_rsvp' && query.state.data.status === 'pending'
        ? RSVP_RECHECK_MS
        : false,
  });
  const transaction = verification.data;

  useEffect(() => {
    if (transaction?.purpose !== 'order' || !transaction.order) return;
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    void queryClient.invalidateQueries({ queryKey: ['payments', 'mine'] });
    if (transaction.status === 'successful') {
      void navigate({ to: '/order_success/$id', params: { id: transaction.order }, replace: true });
    } else {
      void navigate({ to: '/pay/$orderId', params: { orderId: transaction.order }, replace: true });
    }
  }, [transaction, navigate, queryClient]);

  useEffect(() => {
    if (transaction?.purpose !== 'event_rsvp' || transaction.event === null) return;
    if (transaction.status !== 'successful') return;
    // The event page reads the RSVP (and its ticket) afresh, not the hold seen before paying.
    void queryClient.invalidateQueries({ queryKey: ['account', 'rsvps'] });
    void queryClient.invalidateQueries({ queryKey: ['events'] });
    void queryClient.invalidateQueries({ queryKey: ['payments', 'mine'] });
    void navigate({ to: '/events/$id', params: { id: String(transaction.event) }, replace: true });
  }, [transaction, navigate, queryClient]);

  let content = (
    <p role="status" className="text-ink-soft">
      Confirming your payment with the payment provider…
    </p>
  );
  if (!reference) {
    content = (
      <FormMessage kind="info">
        {RETURN_NOTHING}{' '}
        <Link to="/payments" className={textLinkClass}>
          Your payments
        </Link>
      </FormMessage>
    );
  } else if (status === 'anonymous') {
    content = (
      <FormMessage kind="info">
        Sign in to confirm your payment.{' '}
        <Link
          to="/login"
          search={{ redirect: `/payment_return?tx_ref=${encodeURIComponent(reference)}` }}
          className={textLinkClass}
        >
          Sign in
        </Link>
      </FormMessage>
    );
  } else if (verification.isError) {
    content = (
      <FormMessage kind="error">
        {isApiError(verification.error) && verification.error.status === 404
          ? RETURN_NOT_FOUND
          : formErrorMessage(verification.error)}{' '}
        {isApiError(verification.error) && verification.error.status === 404 ? (
          <Link to="/payments" className={textLinkClass}>
            Your payments
          </Link>
        ) : (
          <button type="button" className={textLinkClass} onClick={() => void verification.refetch()}>
            Try again
          </button>
        )}
      </FormMessage>
    );
  } else if (transaction?.purpose === 'event_rsvp' && transaction.event !== null) {
    if (transaction.status === 'pending') {
      content = (
        <p role="status" className="text-ink-soft">
          Waiting for your approval on the phone… Your ticket appears as soon as the payment is confirmed.
        </p>
      );
    } else if (transaction.status !== 'successful') {
      content = (
        <FormMessage kind="error">
          Your payment did not go through. {transaction.failure_advice ?? transaction.failure_reason ?? ''}{' '}
          <Link to="/events/$id" params={{ id: String(transaction.event) }} className={textLinkClass}>
            Back to the event to try again
          </Link>
        </FormMessage>
      );
    }
  } else if (transaction && transaction.purpose !== 'order') {
    content = (
      <FormMessage kind={transaction.status === 'successful' ? 'success' : 'info'}>
        {transaction.status === 'successful' ? 'Payment received.' : 'Your payment is not complete yet.'}{' '}
        <Link to="/payments" className={textLinkClass}>
          Your payments
        </Link>
      </FormMessage>
    );
  }

  return (
    <PageShell eyebrow="Payment" title="Confirming your payment">
      {content}
    </PageShell>
  );
}
