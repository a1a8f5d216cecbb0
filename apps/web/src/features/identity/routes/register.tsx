import { MINIMUM_AGE_YEARS } from '@shop/contract/constants';
import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/page-shell';

/** Sign-up: the identity feature fills it with the registration form. */
export function RegisterPage() {
  return (
    <PageShell
      eyebrow="Account"
      title="Create your account"
      lead={`An account keeps your delivery addresses, orders, invoices and wishlist together. You must be ${MINIMUM_AGE_YEARS} or older to buy from us.`}
    >
      <p className="text-ink-soft">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-wine-800 underline underline-offset-4">
          Sign in
        </Link>
        . By creating an account you accept our{' '}
        <Link to="/terms" className="font-semibold text-wine-800 underline underline-offset-4">
          terms of sale
        </Link>
        .
      </p>
    </PageShell>
  );
}
