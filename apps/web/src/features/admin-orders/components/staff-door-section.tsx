import { zodResolver } from '@hookform/resolvers/zod';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { mapLinkOf } from '@shop/contract/location';
import { countOf, pluralWord } from '@shop/contract/plural';
import { verifyByPhoneRequestSchema } from '@shop/contract/rider';
import type { StaffOrderDetail } from '@shop/contract/staff-orders';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField, FormMessage, textLinkClass } from '../../../components/form-field';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { confirmBottlesBack, verifyByPhone } from '../api/door';
import { STAFF_ORDERS_KEY } from '../api/staff-orders';

type Order = Pick<StaffOrderDetail, 'id' | 'order_number' | 'door' | 'items'>;

/** The customer has no code and the code is locked: staff call them and say why (audited). */
function VerifyByPhoneForm({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(verifyByPhoneRequestSchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await verifyByPhone(order.id, reason);
      toast.success(`The customer of ${order.order_number} is verified: the rider may hand over.`);
      await queryClient.invalidateQueries({ queryKey: STAFF_ORDERS_KEY });
    } catch (error) {
      applyFieldErrors(error, ['reason'] as const, setError);
      setFormError(formErrorMessage(error));
    }
  });

  return (
    <form
      aria-label="Verify by phone"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3"
    >
      <p className="text-sm">
        Too many wrong handover codes. Call the customer on their number, make sure it is them, then let the
        rider hand over.
      </p>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <FormField
        label="Reason (how you checked)"
        registration={register('reason')}
        error={errors.reason?.message}
        autoComplete="off"
      />
      <button type="submit" className={buttonClass('primary', 'sm')} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Verify by phone'}
      </button>
    </form>
  );
}

/** The rider brought a refused order back: staff confirm the bottles on the shelf, once. */
function BottlesBack({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const bottles = order.items.reduce((sum, item) => sum + item.quantity, 0);

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await confirmBottlesBack(order.id);
      toast.success(
        `${countOf(bottles, 'bottle')} of ${order.order_number} ${pluralWord(bottles, 'is', 'are')} back in stock.`,
      );
      await queryClient.invalidateQueries({ queryKey: STAFF_ORDERS_KEY });
    } catch (error) {
      setProblem(formErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm">
        The order was returned to the shop. Count the bottles, then put them back in stock.
      </p>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <button
        type="button"
        className={buttonClass('primary', 'sm')}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Bottles back in stock
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Bottles back in stock?"
        confirmLabel="Put them back in stock"
        onConfirm={() => void confirm()}
      >
        <p>
          {countOf(bottles, 'bottle')} of order {order.order_number} {pluralWord(bottles, 'goes', 'go')} back
          on the shelf:
        </p>
        <ul className="list-disc pl-5">
          {order.items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.product_name} {item.variant_name}
            </li>
          ))}
        </ul>
        <p>This is done once and recorded in the stock ledger.</p>
      </ConfirmDialog>
    </div>
  );
}

type Proof = NonNullable<NonNullable<Order['door']>['proof']>;

/** What the rider's phone kept at the handover: the photo, the time and (if shared) the position. */
function DeliveryProof({ proof }: { proof: Proof }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Proof of delivery</h3>
      <p className="text-sm">
        Taken <time dateTime={proof.taken_at}>{formatKampalaDateTime(proof.taken_at)}</time>.
      </p>
      {proof.photo_url ? (
        <img
          src={proof.photo_url}
          alt="The door at the handover, as the rider saw it"
          className="max-h-80 w-auto max-w-full rounded-lg border border-cream-300"
        />
      ) : (
        <p className="text-sm text-ink-soft">No photo was taken.</p>
      )}
      {proof.position ? (
        <p className="text-sm">
          <a href={mapLinkOf(proof.position)} target="_blank" rel="noreferrer" className={textLinkClass}>
            Where the rider’s phone was
          </a>
          {proof.position.accuracy_m !== null ? ` (within ${proof.position.accuracy_m} m)` : ''}
        </p>
      ) : (
        <p className="text-sm text-ink-soft">The rider did not share the phone’s position.</p>
      )}
    </div>
  );
}

/** The staff's side of the handover at the door (issue 38), shown only when there is something to do or see. */
export function StaffDoorSection({ order }: { order: Order }) {
  const door = order.door;
  if (!door || !(door.handover_locked || door.bottles_back_pending || door.proof)) return null;
  return (
    <section
      aria-label="At the door"
      data-print="hide"
      className="space-y-4 rounded-2xl border-2 border-wine-800 bg-white p-5 shadow-sm"
    >
      <h2 className="font-serif text-xl text-wine-900">At the door</h2>
      {door.handover_locked ? <VerifyByPhoneForm order={order} /> : null}
      {door.bottles_back_pending ? <BottlesBack order={order} /> : null}
      {door.proof ? <DeliveryProof proof={door.proof} /> : null}
    </section>
  );
}
