import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';

/**
 * A cart line's quantity (`value`: the server's, or the one being sent): one more or fewer with the
 * buttons, or typed and kept on Enter or when the field is left. Bounded by 1 and `max` (the stock, at most MAX_CART_ITEM_QUANTITY); a
 * quantity already above `max` (stock sold since) may only go down.
 */
export function QuantityStepper({
  value,
  max,
  itemName,
  onChange,
  disabled = false,
}: {
  value: number;
  max: number;
  /** What the line holds, for the accessible names: "Kanonkop Pinotage, 750 ml bottle". */
  itemName: string;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  // What the customer is typing, until Enter or leaving the field; otherwise the quantity shown is `value`.
  const [typing, setTyping] = useState<string | null>(null);

  const ceiling = Math.max(1, max);
  const commit = (wanted: number) => {
    const next = Math.min(Math.max(1, Math.trunc(wanted)), Math.max(ceiling, Math.min(value, wanted)));
    if (next !== value) onChange(next);
  };
  const commitTyping = () => {
    if (typing === null) return;
    const typed = Number(typing);
    setTyping(null);
    if (typing.trim() !== '' && Number.isFinite(typed)) commit(typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitTyping();
    } else if (event.key === 'Escape') {
      setTyping(null);
    }
  };

  const buttonClass =
    'inline-flex size-10 items-center justify-center text-wine-900 transition hover:bg-cream-100 disabled:cursor-not-allowed disabled:text-cream-300 disabled:hover:bg-transparent';
  return (
    <div className="inline-flex w-fit items-center overflow-hidden rounded-full border border-cream-300 bg-white">
      <button
        type="button"
        onClick={() => commit(value - 1)}
        disabled={disabled || value <= 1}
        className={buttonClass}
      >
        <Minus aria-hidden="true" className="size-4" />
        <span className="sr-only">One fewer {itemName}</span>
      </button>
      <label htmlFor={id} className="sr-only">
        Quantity of {itemName}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(ceiling, value)}
        value={typing ?? String(value)}
        disabled={disabled}
        onChange={(event) => setTyping(event.currentTarget.value)}
        onBlur={commitTyping}
        onKeyDown={onKeyDown}
        className="h-10 w-12 border-x border-cream-300 text-center text-ink [appearance:textfield] disabled:bg-cream-50 disabled:text-ink-soft [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        onClick={() => commit(value + 1)}
        disabled={disabled || value >= ceiling}
        className={buttonClass}
      >
        <Plus aria-hidden="true" className="size-4" />
        <span className="sr-only">One more {itemName}</span>
      </button>
    </div>
  );
}
