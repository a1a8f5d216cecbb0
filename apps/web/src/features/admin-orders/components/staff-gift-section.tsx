import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { kampalaDayStart } from '@shop/contract/gifts';
import { formatKampalaWeekdayDate } from '@shop/contract/kampala-time';
import type { StaffOrderDetail } from '@shop/contract/staff-orders';
import { useMutation } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { buttonClass } from '../../../components/button';
import { toast } from '../../../lib/toast';
import { downloadStaffPdf } from '../api/staff-order-detail';

type StaffGift = NonNullable<StaffOrderDetail['gift']>;

/**
 * A gift order's recipient (the rider calls them), day, message and the recipient's note, with the
 * printed gift card (no prices) to put in the box.
 */
export function StaffGiftSection({ orderNumber, gift }: { orderNumber: string; gift: StaffGift }) {
  const card = useMutation({
    mutationFn: () => downloadStaffPdf(gift.gift_card_url, `gift-card-${orderNumber}.pdf`),
    onError: () =>
      toast.error(`We could not download the gift card of ${orderNumber}. Please try again.`, {
        duration: TOAST_DURATION_MS,
      }),
  });
  return (
    <section aria-label="Gift" className="rounded-2xl border-2 border-gold-300 bg-cream-50 p-5 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-serif text-xl text-wine-900">
          <Gift aria-hidden="true" className="size-5" /> Gift: no prices in the box
        </h2>
        <button
          type="button"
          data-print="hide"
          className={buttonClass('secondary', 'sm')}
          disabled={card.isPending}
          onClick={() => card.mutate()}
        >
          {card.isPending ? 'Downloading…' : 'Gift card (PDF)'}
        </button>
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Recipient (the rider calls):</dt>
          <dd>
            {gift.recipient_name}, <a href={`tel:${gift.recipient_phone}`}>{gift.recipient_phone}</a>
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Day:</dt>
          <dd>{formatKampalaWeekdayDate(kampalaDayStart(gift.delivery_date))}</dd>
        </div>
        {gift.message ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">Message:</dt>
            <dd className="whitespace-pre-wrap" data-testid="staff-gift-message">
              {gift.message}
            </dd>
          </div>
        ) : null}
        {gift.recipient_instructions ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">Recipient asks:</dt>
            <dd>{gift.recipient_instructions}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
