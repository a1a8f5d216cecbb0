import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { BreachLog } from '../components/breach-log';
import { ProcessorsTable } from '../components/processors-table';
import { RetentionSection } from '../components/retention-form';

function PrivacyDesk() {
  const { mayUse } = useBackOffice();
  return (
    <div className="space-y-10">
      <ProcessorsTable />
      {mayUse('privacy_records') ? (
        <>
          <RetentionSection />
          <BreachLog />
        </>
      ) : null}
    </div>
  );
}

/**
 * /admin/privacy: who receives customers' data (staff), and for admins how long each kind is kept
 * and the breach log (the API refuses anyone else too).
 */
export function AdminPrivacyPage() {
  return (
    <PageShell eyebrow="Back office" title="Privacy">
      <StaffOnly section="privacy">
        <PrivacyDesk />
      </StaffOnly>
    </PageShell>
  );
}
