import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/page-shell';

/** Sign-in: the identity feature fills it with Google and e-mail sign-in. */
export function LoginPage() {
  return (
    <PageShell
      eyebrow="Account"
      title="Sign in"
      lead="Sign in with Google or with your e-mail address and password to add bottles to your cart, check out, and see your orders, deliveries, invoices and payments. The cart you filled as a visitor comes with you."
    >
      <p className="text-ink-soft">
        New to the shop?{' '}
        <Link to="/register" className="font-semibold text-wine-800 underline underline-offset-4">
          Create an account
        </Link>
        . Read how we look after your details in our{' '}
        <Link to="/privacy" className="font-semibold text-wine-800 underline underline-offset-4">
          privacy policy
        </Link>
        .
      </p>
    </PageShell>
  );
}
