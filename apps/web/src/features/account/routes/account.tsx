import type { ReactNode } from 'react';
import { BACK_OFFICE_LINKS } from '../../../components/back-office/sections';
import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { useSession } from '../../../lib/session/use-session';
import { ActivitySummary } from '../components/activity-summary';

/**
 * The back office's pages, each shown only to those who may use it (@shop/contract/back-office,
 * as the API's guards decide): no card leads to a refusal.
 */
function StaffDesk({ notice }: { notice: ReactNode }) {
  const { mayUse } = useBackOffice();
  return (
    <div className="space-y-4">
      <h2 className="font-serif text-2xl text-wine-900">Staff desk</h2>
      {notice}
      <LinkCards heading="Staff desk" links={BACK_OFFICE_LINKS.filter((link) => mayUse(link.section))} />
    </div>
  );
}

/** The parts of the account page that other features own, composed by its route in src/app. */
export type AccountPageSlots = {
  /** The profile's summary (name, contact, address). */
  profileSummary: ReactNode;
  /** The customer's event RSVPs. */
  rsvps: ReactNode;
  /** The change-password form. */
  changePassword: ReactNode;
  /** Shown atop the staff desk (staff only): the warning while e-mail is not being sent. */
  staffNotice?: ReactNode;
};

/** /account: the customer's overview, the way to every protected screen, and change password. */
export function AccountPage({ profileSummary, rsvps, changePassword, staffNotice }: AccountPageSlots) {
  const { user } = useSession();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return (
    <PageShell
      eyebrow="Account"
      title="Your account"
      lead="Everything about your shopping with us in one place."
    >
      <div className="space-y-12">
        {profileSummary}

        <section aria-labelledby="account-activity" className="space-y-4">
          <h2 id="account-activity" className="font-serif text-2xl text-wine-900">
            Your activity
          </h2>
          <ActivitySummary />
        </section>

        <section aria-labelledby="account-rsvps" className="space-y-4">
          <h2 id="account-rsvps" className="font-serif text-2xl text-wine-900">
            Your event RSVPs
          </h2>
          {rsvps}
        </section>

        <div className="space-y-4">
          <h2 className="font-serif text-2xl text-wine-900">Your shopping</h2>
          <LinkCards
            heading="Your shopping"
            links={[
              { to: '/order-history', title: 'Order history', description: 'Every order and its status.' },
              { to: '/invoices', title: 'Invoices', description: 'Download invoices for your records.' },
              { to: '/payments', title: 'Payment history', description: 'Mobile money and cash payments.' },
              {
                to: '/delivery-tracking',
                title: 'Delivery tracking',
                description: 'Where your bottles are now.',
              },
              { to: '/wishlist', title: 'Wishlist', description: 'Bottles you saved for later.' },
              {
                to: '/company',
                title: 'Company accounts',
                description: 'Order for your company, with its TIN on the tax invoice.',
              },
              {
                to: '/profile',
                title: 'Profile',
                description: 'Your name, phone number and delivery address.',
              },
            ]}
          />
        </div>

        {isStaff ? <StaffDesk notice={staffNotice} /> : null}
        {user?.role === 'rider' ? (
          <div className="space-y-4">
            <h2 className="font-serif text-2xl text-wine-900">Your deliveries</h2>
            <LinkCards
              heading="Your deliveries"
              links={[
                { to: '/rider', title: 'Today’s run', description: 'Your stops, the handover and the cash.' },
              ]}
            />
          </div>
        ) : null}

        <section aria-labelledby="account-password" className="space-y-4">
          <h2 id="account-password" className="font-serif text-2xl text-wine-900">
            Change password
          </h2>
          <p className="max-w-2xl text-ink-soft">
            Changing your password signs you out on every other phone and computer. Signed in with Google or
            another provider? You have no password here to change.
          </p>
          {changePassword}
        </section>
      </div>
    </PageShell>
  );
}
