import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';

/** How many to add: typed, or one more or less with the buttons, between 1 and `max`. */
export function QuantityInput({
  value,
  max,
  onChange,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const clamp = (quantity: number) => Math.min(Math.max(1, Math.trunc(quantity) || 1), Math.max(1, max));
  const buttonClass =
    'inline-flex size-11 items-center justify-center text-wine-900 transition hover:bg-cream-100 disabled:cursor-not-allowed disabled:text-cream-300';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-wine-900">
        Quantity
      </label>
      <div className="inline-flex w-fit items-center overflow-hidden rounded-full border border-cream-300 bg-white">
        <button
          type="button"
          onClick={() => onChange(clamp(value - 1))}
          disabled={disabled || value <= 1}
          className={buttonClass}
        >
          <Minus aria-hidden="true" className="size-4" />
          <span className="sr-only">One fewer</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(clamp(Number(event.currentTarget.value)))}
          className="h-11 w-14 border-x border-cream-300 text-center text-ink [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          onClick={() => onChange(clamp(value + 1))}
          disabled={disabled || value >= max}
          className={buttonClass}
        >
          <Plus aria-hidden="true" className="size-4" />
          <span className="sr-only">One more</span>
        </button>
      </div>
    </div>
  );
}
