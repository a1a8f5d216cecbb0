import type { DiscountCheck } from '@shop/contract/discounts';
import { discountCodeSchema } from '@shop/contract/discounts';
import { formatUGX } from '@shop/contract/money';
import { useId } from 'react';
import { inputClass, secondaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useCheckDiscountCode } from '../api/check-discount-code';

/** The reason of a refused code: the API's message for `discount_code`, else the request's failure. */
export function discountErrorOf(error: unknown): string {
  if (isApiError(error)) {
    const field = error.fields.find((item) => item.field === 'discount_code');
    if (field) return field.message;
  }
  return formErrorMessage(error);
}

/**
 * "Discount code": the customer types a code and applies it; the server says what it saves on
 * this cart, or why it does not apply. The checkout sends the applied code and the server applies
 * it again inside the order's transaction (the saving shown here is not a promise it keeps alone).
 */
export function DiscountCodeField({
  code,
  onCodeChange,
  applied,
  onApplied,
  error,
  onError,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  applied: DiscountCheck | null;
  onApplied: (check: DiscountCheck | null) => void;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const id = useId();
  const check = useCheckDiscountCode();

  async function apply() {
    const parsed = discountCodeSchema.safeParse(code);
    if (!parsed.success) {
      onError(parsed.error.issues[0]?.message ?? 'Enter a discount code');
      return;
    }
    onError(null);
    try {
      onApplied(await check.mutateAsync(parsed.data));
    } catch (failure) {
      onApplied(null);
      onError(discountErrorOf(failure));
    }
  }

  return (
    <div>
      <label htmlFor={`${id}-code`} className="mb-1.5 block text-sm font-semibold text-ink">
        Discount code (optional)
      </label>
      <div className="flex gap-3">
        <input
          id={`${id}-code`}
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          readOnly={applied !== null}
          onChange={(event) => {
            onCodeChange(event.currentTarget.value);
            onError(null);
          }}
          onKeyDown={(event) => {
            // Enter applies the code rather than placing the order.
            if (event.key === 'Enter') {
              event.preventDefault();
              if (applied === null) void apply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : applied ? `${id}-saving` : undefined}
          className={inputClass}
        />
        {applied ? (
          <button
            type="button"
            className={`${secondaryButtonClass} shrink-0`}
            onClick={() => {
              onApplied(null);
              onCodeChange('');
            }}
          >
            Remove
          </button>
        ) : (
          <button
            type="button"
            className={`${secondaryButtonClass} shrink-0`}
            disabled={check.isPending}
            onClick={() => void apply()}
          >
            {check.isPending ? 'Checking…' : 'Apply'}
          </button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
          {error}
        </p>
      ) : applied ? (
        <p id={`${id}-saving`} role="status" className="mt-1.5 text-sm text-ink">
          {applied.code}: {applied.label}. You save {formatUGX(applied.discount)}.
        </p>
      ) : null}
    </div>
  );
}
