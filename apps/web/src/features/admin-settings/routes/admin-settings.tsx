import { LoadError } from '../../../components/load-error';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { formErrorMessage } from '../../../lib/form-errors';
import { useAdminShopSettings } from '../api/shop-settings';
import { SettingsForm } from '../components/settings-form';

export const ADMINS_ONLY_MESSAGE =
  "You don't have permission to change the shop's settings. This page is for admins.";

function Settings() {
  const query = useAdminShopSettings(true);
  if (query.isError)
    return (
      <LoadError
        message={formErrorMessage(query.error)}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data)
    return (
      <p role="status" className="text-ink-soft">
        Loading…
      </p>
    );
  return <SettingsForm settings={query.data} />;
}

/** /admin/settings: the shop's settings, for admins only (the API refuses anyone else too). */
export function AdminSettingsPage() {
  return (
    <PageShell
      eyebrow="Back office"
      title="Shop settings"
      lead="Contact details, opening hours, free delivery, minimum age, VAT and reviews. A change is used at once across the shop."
    >
      <StaffOnly section="settings" refusal={ADMINS_ONLY_MESSAGE}>
        <Settings />
      </StaffOnly>
    </PageShell>
  );
}
