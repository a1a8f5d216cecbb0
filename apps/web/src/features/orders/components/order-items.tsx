import { formatUGX } from '@shop/contract/money';
import type { OrderItem } from '@shop/contract/orders';
import { Link } from '@tanstack/react-router';
import { BottleThumbnail } from '../../../components/bottle-thumbnail';

/** The lines of a placed order, as they were ordered (name, size and price kept at the time). */
export function OrderItems({ items }: { items: OrderItem[] }) {
  return (
    <ul aria-label="Items" className="divide-y divide-cream-200">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-4 py-4">
          <BottleThumbnail src={item.image} alt="" size={56} className="h-[70px] w-14" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold leading-snug text-ink">
              <Link
                to="/products/$id"
                params={{ id: item.product_slug }}
                className="hover:text-wine-700 hover:underline"
              >
                {item.product_name}
              </Link>
            </p>
            <p className="text-sm text-ink-soft">
              {item.variant_name} · {item.quantity} × {formatUGX(item.unit_price)}
            </p>
          </div>
          <p className="font-semibold text-wine-900">{formatUGX(item.subtotal)}</p>
        </li>
      ))}
    </ul>
  );
}
