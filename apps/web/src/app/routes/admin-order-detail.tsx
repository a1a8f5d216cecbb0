import { AdminOrderDetailPage } from '../../features/admin-orders/routes/admin-order-detail';
import { RefundPanel } from '../../features/admin-refunds/components/refund-panel';

/**
 * /admin/orders/$id: the staff's order page (admin-orders) with its refunds (admin-refunds): each
 * payment's refund form, the bottles that may come back in stock, and every refund with its
 * credit note.
 */
export function AdminOrderDetailRoute() {
  return (
    <AdminOrderDetailPage
      slots={{
        refunds: (order) => (
          <RefundPanel
            purpose="order"
            subjectId={order.id}
            lines={order.items.map((item) => ({
              id: item.id,
              label: `${item.product_name}, ${item.variant_name}`,
              quantity: item.quantity,
              unitPrice: item.unit_price,
            }))}
            charges={{ discount: order.discount, deliveryFee: order.delivery_fee }}
          />
        ),
      }}
    />
  );
}
