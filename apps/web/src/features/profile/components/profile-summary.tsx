import { formatKampalaMonthYear } from '@shop/contract/kampala-time';
import type { Profile } from '@shop/contract/profile';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { profileQuery } from '../api/get-profile';

const memberSince = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatKampalaMonthYear(date);
};

function addressLine(profile: Profile): string | null {
  const address = profile.default_delivery_address;
  if (!address) return null;
  return [address.street, address.area, address.landmark ? `near ${address.landmark}` : null]
    .filter(Boolean)
    .join(', ');
}

/** Who the customer is: name, e-mail, phone, default delivery address, with a link to edit them. */
export function ProfileSummary() {
  const { data: profile, isPending, isError } = useQuery(profileQuery);
  return (
    <section
      aria-labelledby="profile-summary"
      className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm"
    >
      <h2 id="profile-summary" className="font-serif text-2xl text-wine-900">
        Your details
      </h2>
      {isPending ? (
        <p className="mt-3 text-ink-soft">Loading your details…</p>
      ) : isError ? (
        <p className="mt-3 text-ink-soft">We could not load your details just now.</p>
      ) : (
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-ink">Name</dt>
          <dd className="text-ink-soft">{profile.name}</dd>
          <dt className="font-semibold text-ink">E-mail</dt>
          <dd className="text-ink-soft">{profile.email}</dd>
          <dt className="font-semibold text-ink">Mobile</dt>
          <dd className="text-ink-soft">{profile.phone ?? 'Not given yet'}</dd>
          <dt className="font-semibold text-ink">Delivery address</dt>
          <dd className="text-ink-soft">{addressLine(profile) ?? 'Not given yet'}</dd>
          <dt className="font-semibold text-ink">Newsletter</dt>
          <dd className="text-ink-soft">{profile.newsletter_opt_in ? 'Subscribed' : 'Not subscribed'}</dd>
          {memberSince(profile.created_at) ? (
            <>
              <dt className="font-semibold text-ink">Customer since</dt>
              <dd className="text-ink-soft">{memberSince(profile.created_at)}</dd>
            </>
          ) : null}
        </dl>
      )}
      <Link
        to="/profile"
        className="mt-5 inline-block text-sm font-semibold text-wine-800 underline underline-offset-4"
      >
        Edit your profile
      </Link>
    </section>
  );
}
