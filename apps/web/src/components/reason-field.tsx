import { useId } from 'react';
import { inputClass } from './form-field';

/**
 * Why staff do something the audit trail keeps (disable an account, enter an erasure asked for by
 * phone, hide a review): a labelled text area with its problem under it, tied to it for screen
 * readers. Controlled, since these forms send one value and keep no other state.
 */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  maxLength: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        rows={2}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} h-auto py-2`}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-wine-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
