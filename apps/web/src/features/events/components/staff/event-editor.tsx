import type { FeaturedWine, StaffEvent } from '@shop/contract/events';
import { eventTypeLabels } from '@shop/contract/events';
import { formatUGX } from '@shop/contract/money';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  FormField,
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../../components/form-field';
import { applyFieldErrors, formErrorMessage } from '../../../../lib/form-errors';
import { searchProducts, staffEventCalls } from '../../api/staff-events';
import {
  EVENT_FORM_FIELDS,
  EVENT_TYPES,
  type EventFormValues,
  emptyEventForm,
  eventFormProblems,
  eventFormValues,
  eventRequestOf,
} from '../../lib/event-form';

const textareaClass =
  'min-h-24 w-full rounded-lg border border-cream-300 bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-wine-600';

/** Creates an event (a draft) or changes one. Times are Kampala time. */
export function EventEditor({
  event,
  onSaved,
  onClose,
}: {
  event?: StaffEvent;
  onSaved: (event: StaffEvent) => void;
  onClose: () => void;
}) {
  const [wines, setWines] = useState<FeaturedWine[]>(event?.featured_wines ?? []);
  const [formError, setFormError] = useState<string | null>(null);
  const typeId = useId();
  const summaryId = useId();
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EventFormValues>({ defaultValues: event ? eventFormValues(event) : emptyEventForm });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = eventRequestOf(values, wines);
    const problems = eventFormProblems(body);
    if (problems.length > 0) {
      problems.forEach((problem, index) => {
        if ((EVENT_FORM_FIELDS as readonly string[]).includes(problem.field)) {
          setError(
            problem.field as keyof EventFormValues,
            { type: 'client', message: problem.message },
            { shouldFocus: index === 0 },
          );
        } else {
          setFormError(problem.message);
        }
      });
      return;
    }
    try {
      onSaved(event ? await staffEventCalls.update(event.id, body) : await staffEventCalls.create(body));
    } catch (error) {
      if (applyFieldErrors(error, EVENT_FORM_FIELDS, setError) === 0) setFormError(formErrorMessage(error));
    }
  });

  const field = (name: keyof EventFormValues, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} registration={register(name)} error={errors[name]?.message} {...props} />
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={event ? `Edit ${event.title}` : 'New event'}
      className="space-y-5"
    >
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('title', 'Title')}
        {field('slug', 'Address (slug, optional)', {
          hint: 'Made from the title when empty, e.g. bordeaux-evening',
        })}
        <div>
          <label htmlFor={typeId} className="mb-1.5 block text-sm font-semibold text-ink">
            Type
          </label>
          <select id={typeId} {...register('type')} className={inputClass}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {eventTypeLabels[type]}
              </option>
            ))}
          </select>
        </div>
        {field('dress_code', 'Dress code (optional)')}
        {field('starts_at', 'Starts (Kampala time)', { type: 'datetime-local' })}
        {field('ends_at', 'Ends (Kampala time)', { type: 'datetime-local' })}
        {field('venue_name', 'Venue')}
        {field('venue_address', 'Address')}
        {field('map_url', 'Map link (optional)', { type: 'url', placeholder: 'https://…' })}
        {field('image', 'Image (optional)', { placeholder: 'https://… or /media/files/…' })}
        {field('capacity', 'Capacity (seats)', { inputMode: 'numeric' })}
        {field('reserved_seats', 'Seats booked outside the shop', { inputMode: 'numeric' })}
        {field('price', 'Price per guest (UGX, 0 = free)', { inputMode: 'numeric' })}
        {field('minimum_age', 'Minimum age', { inputMode: 'numeric' })}
      </div>
      <div>
        <label htmlFor={summaryId} className="mb-1.5 block text-sm font-semibold text-ink">
          Summary (for the list)
        </label>
        <textarea
          id={summaryId}
          {...register('summary')}
          aria-invalid={errors.summary ? true : undefined}
          className={textareaClass}
        />
        {errors.summary?.message ? (
          <p className="mt-1.5 text-sm font-medium text-wine-700">{errors.summary.message}</p>
        ) : null}
      </div>
      <div>
        <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-semibold text-ink">
          Description (a blank line starts a paragraph)
        </label>
        <textarea
          id={descriptionId}
          {...register('description')}
          aria-invalid={errors.description ? true : undefined}
          className={`${textareaClass} min-h-40`}
        />
        {errors.description?.message ? (
          <p className="mt-1.5 text-sm font-medium text-wine-700">{errors.description.message}</p>
        ) : null}
      </div>
      {field('food_pairing', 'Food pairing (optional)')}
      <WinePicker wines={wines} onChange={setWines} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : event ? 'Save changes' : 'Create draft'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}

/** Featured wines: search the catalog, add, remove; shown in this order. */
function WinePicker({
  wines,
  onChange,
}: {
  wines: FeaturedWine[];
  onChange: (wines: FeaturedWine[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<FeaturedWine[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const searchId = useId();

  const find = async () => {
    const text = search.trim();
    if (!text) return;
    setProblem(null);
    try {
      const page = await searchProducts(text);
      setFound(
        page.results.map((product) => ({
          id: product.id,
          slug: product.slug,
          name: product.name,
          image: product.image,
          price: product.price,
          category_name: product.category_name,
          region: product.region,
          country: product.country,
          vintage: product.vintage,
          in_stock: product.in_stock,
        })),
      );
    } catch (error) {
      setProblem(formErrorMessage(error));
    }
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink">Featured wines</legend>
      {wines.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {wines.map((wine) => (
            <li
              key={wine.id}
              className="flex items-center gap-1 rounded-full bg-cream-100 py-1 pr-1 pl-3 text-sm"
            >
              {wine.name}
              <button
                type="button"
                aria-label={`Remove ${wine.name}`}
                onClick={() => onChange(wines.filter((item) => item.id !== wine.id))}
                className="rounded-full p-1 hover:bg-cream-200"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">No wines featured yet.</p>
      )}
      <div className="flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          Find a bottle
        </label>
        <input
          id={searchId}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void find();
            }
          }}
          placeholder="Find a bottle, e.g. Margaux"
          className={inputClass}
        />
        <button type="button" className={secondaryButtonClass} onClick={() => void find()}>
          Find
        </button>
      </div>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {found ? (
        found.length === 0 ? (
          <p className="text-sm text-ink-soft">No bottle found.</p>
        ) : (
          <ul
            aria-label="Bottles found"
            className="divide-y divide-cream-200 rounded-xl border border-cream-200"
          >
            {found.map((wine) => (
              <li key={wine.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  {wine.name} · {formatUGX(wine.price)}
                </span>
                <button
                  type="button"
                  disabled={wines.some((item) => item.id === wine.id)}
                  onClick={() => onChange([...wines, wine])}
                  className="font-semibold text-wine-800 underline disabled:text-ink-soft disabled:no-underline"
                >
                  {wines.some((item) => item.id === wine.id) ? 'Added' : `Add ${wine.name}`}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </fieldset>
  );
}
