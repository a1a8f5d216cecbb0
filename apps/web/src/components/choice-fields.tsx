import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClass } from './form-field';

/** A field's problem, under it, announced with it. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-wine-700">
      {error}
    </p>
  ) : null;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Choose a time"). */
  placeholder?: string;
};

/**
 * A labelled select. Give it `defaultValue` (the form's default): the selection is then right from
 * the first paint, whatever the order in which the form library and the DOM set it.
 */
export function SelectField({
  label,
  registration,
  error,
  options,
  placeholder,
  className,
  ...rest
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        {...rest}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} appearance-auto`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
};

export function TextAreaField({ label, registration, error, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        {...rest}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-lg border border-cream-300 bg-white px-3 py-2 text-base text-ink placeholder:text-ink-soft/70 aria-[invalid=true]:border-wine-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-wine-600"
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function CheckboxField({
  label,
  hint,
  registration,
}: {
  label: ReactNode;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
}) {
  return (
    <label className="flex items-start gap-3 text-ink">
      <input type="checkbox" className="mt-1 size-4 accent-wine-800" {...registration} />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-sm text-ink-soft">{hint}</span> : null}
      </span>
    </label>
  );
}

export type ChoiceCard = {
  value: string;
  title: ReactNode;
  /** Under the title. */
  description?: ReactNode;
  /** On the right: a fee, a time. */
  aside?: ReactNode;
};

/** A radio group drawn as cards (delivery or pick-up, the delivery area, the payment method). */
export function ChoiceCards({
  legend,
  registration,
  choices,
  error,
  columns = 2,
  hideLegend = false,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  choices: readonly ChoiceCard[];
  error?: string | undefined;
  columns?: 1 | 2;
  hideLegend?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-2 text-sm font-semibold text-ink'}>{legend}</legend>
      <div className={`grid gap-3 ${columns === 2 ? 'sm:grid-cols-2' : ''}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-cream-300 bg-white p-4 transition hover:border-wine-300 has-[:checked]:border-wine-700 has-[:checked]:bg-wine-50/50 has-[:checked]:ring-1 has-[:checked]:ring-wine-700 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-wine-600"
          >
            <input
              type="radio"
              value={choice.value}
              {...registration}
              className="mt-1 size-4 shrink-0 accent-wine-800 focus-visible:outline-none"
            />
            <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4">
              <span className="min-w-0">
                <span className="block font-semibold text-ink">{choice.title}</span>
                {choice.description ? (
                  <span className="block text-sm text-ink-soft">{choice.description}</span>
                ) : null}
              </span>
              {choice.aside ? (
                <span className="text-right text-sm whitespace-nowrap text-ink">{choice.aside}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
