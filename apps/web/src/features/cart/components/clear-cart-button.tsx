import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useClearCart } from '../api/cart-mutations';
import { itemCountText } from '../lib/cart-line';

/** Empties the cart, after the customer confirms (a slip of the finger would lose every line). */
export function ClearCartButton({ itemCount }: { itemCount: number }) {
  const clear = useClearCart();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    queueMicrotask(() => openerRef.current?.focus());
  };

  if (!confirming) {
    return (
      <button
        ref={openerRef}
        type="button"
        onClick={() => setConfirming(true)}
        disabled={clear.isPending}
        className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-wine-800 transition hover:bg-wine-50 disabled:opacity-60"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {clear.isPending ? 'Clearing…' : 'Clear cart'}
      </button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby={headingId}
      className="flex flex-wrap items-center gap-3 rounded-xl border border-wine-200 bg-wine-50 px-4 py-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <p id={headingId} className="text-sm font-semibold text-wine-900">
        Remove all {itemCountText(itemCount)} from your cart?
      </p>
      <div className="ml-auto flex gap-2">
        <button
          ref={keepRef}
          type="button"
          onClick={close}
          className="rounded-full border border-wine-800 px-4 py-1.5 text-sm font-semibold text-wine-800 transition hover:bg-white"
        >
          Keep them
        </button>
        <button
          type="button"
          onClick={() => {
            setConfirming(false);
            clear.mutate();
          }}
          className="rounded-full bg-wine-800 px-4 py-1.5 text-sm font-semibold text-cream-50 transition hover:bg-wine-900"
        >
          Yes, clear cart
        </button>
      </div>
    </div>
  );
}
