import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { buttonClass } from './button';

export const inputClass =
  'h-11 w-full rounded-lg border border-cream-300 bg-white px-3 text-base text-ink placeholder:text-ink-soft/70 aria-[invalid=true]:border-wine-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-wine-600';

type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** The field's problem, shown under it and announced with it. */
  error?: string | undefined;
  /** Help under the label (or a list of rules), linked to the input. */
  hint?: ReactNode;
};

/** A labelled input with its hint and its error message, both tied to it for screen readers. */
export function FormField({ label, registration, error, hint, className, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        {...input}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
      />
      {hint ? (
        <div id={hintId} className="mt-1.5 text-sm text-ink-soft">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-wine-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message above a form: an error (role alert) or a confirmation (role status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles =
    kind === 'error' ? 'border-wine-200 bg-wine-50 text-wine-900' : 'border-gold-300 bg-cream-100 text-ink';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

// The kit's buttons (button.ts) at a form's size, under the names the forms know.
export const primaryButtonClass = buttonClass('primary');

export const secondaryButtonClass = buttonClass('secondary');

export const textLinkClass = 'font-semibold text-wine-800 underline underline-offset-4 hover:text-wine-900';
