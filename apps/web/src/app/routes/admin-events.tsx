import { TicketRefund } from '../../features/admin-refunds/components/ticket-refund';
import { AdminEventsPage } from '../../features/events/routes/admin-events';

/** /admin/events: the staff's events (events) with the refund of each paid ticket (admin-refunds). */
export function AdminEventsRoute() {
  return (
    <AdminEventsPage
      slots={{
        guestActions: (guest) =>
          guest.paid ? <TicketRefund rsvpId={guest.rsvp_id} guestName={guest.customer_name} /> : null,
      }}
    />
  );
}
