import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';

/** Invoices: the orders feature fills it with the customer's invoices. */
export function InvoicesPage() {
  return (
    <PageShell
      eyebrow="Orders"
      title="Invoices"
      lead="An invoice for each paid order, in Uganda shillings with VAT shown, ready to keep for your records or your company's accounts."
    >
      <LinkCards
        links={[
          { to: '/order-history', title: 'Order history', description: 'All your orders.' },
          { to: '/payments', title: 'Payment history', description: 'The payments behind each invoice.' },
        ]}
      />
    </PageShell>
  );
}
