import type { ProductFacets } from '@shop/contract/catalog';
import { productStoreMessages } from '@shop/contract/errors';
import { pluralWord } from '@shop/contract/plural';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { LoadError } from '../../../components/load-error';
import { productTypeLabels } from '../lib/product-display';
import {
  changeSearch,
  isPriceBand,
  PRICE_LIMIT,
  type ProductsSearch,
  VINTAGE_MAX,
  VINTAGE_MIN,
  validateProductsSearch,
} from '../lib/products-search';

type Choice = {
  key: string;
  label: string;
  count?: number;
  search: ProductsSearch;
  selected: boolean;
};

/** Choices shown before "Show all": long lists (countries) fold the rest away. */
const FOLD_AFTER = 8;

function ChoiceLink({ choice }: { choice: Choice }) {
  return (
    <Link
      to="/products"
      activeOptions={{ exact: true }}
      search={choice.search}
      resetScroll={false}
      aria-current={choice.selected ? 'true' : undefined}
      className={`flex items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-sm transition ${
        choice.selected
          ? 'bg-wine-800 font-semibold text-cream-50'
          : 'text-ink hover:bg-cream-100 hover:text-wine-800'
      }`}
    >
      <span className="flex items-center gap-1.5">
        {choice.selected ? <Check aria-hidden="true" className="size-3.5" /> : null}
        {choice.label}
      </span>
      {choice.count !== undefined ? (
        <span className={`text-xs ${choice.selected ? 'text-cream-100' : 'text-ink-soft'}`}>
          {choice.count}
          <span className="sr-only"> {pluralWord(choice.count, 'product')}</span>
        </span>
      ) : null}
    </Link>
  );
}

function ChoiceGroup({ title, choices }: { title: string; choices: Choice[] }) {
  const headingId = useId();
  if (choices.length <= 1) return null;
  const shown = choices.slice(0, FOLD_AFTER + 1);
  const folded = choices.slice(FOLD_AFTER + 1);
  // A folded choice that is selected keeps the list open.
  const open = folded.some((choice) => choice.selected);
  return (
    <section aria-labelledby={headingId} className="border-t border-cream-200 py-4">
      <h3
        id={headingId}
        className="mb-2 font-sans text-sm font-semibold tracking-wider text-wine-900 uppercase"
      >
        {title}
      </h3>
      <ul className="flex flex-col gap-0.5">
        {shown.map((choice) => (
          <li key={choice.key}>
            <ChoiceLink choice={choice} />
          </li>
        ))}
      </ul>
      {folded.length > 0 ? (
        <details open={open} className="group mt-1">
          <summary className="cursor-pointer list-none rounded-lg px-2.5 py-1.5 text-sm font-semibold text-wine-800 hover:bg-cream-100">
            <span className="group-open:hidden">Show {folded.length} more</span>
            <span className="hidden group-open:inline">Show fewer</span>
          </summary>
          <ul className="flex flex-col gap-0.5">
            {folded.map((choice) => (
              <li key={choice.key}>
                <ChoiceLink choice={choice} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function allChoice(label: string, search: ProductsSearch, selected: boolean): Choice {
  return { key: '', label, search, selected };
}

/** The facet choices of the panel: each with its product count, none that would lead to nothing. */
export function facetGroups(search: ProductsSearch, facets: ProductFacets) {
  const category = search.category?.toLowerCase();
  const country = search.country?.toLowerCase();
  return {
    categories: [
      allChoice('All categories', changeSearch(search, { category: undefined }), category === undefined),
      ...facets.categories.map((item) => ({
        key: item.slug,
        label: item.name,
        count: item.count,
        search: changeSearch(search, { category: item.slug }),
        selected: category === item.slug || category === String(item.id),
      })),
    ],
    types: [
      allChoice('All types', changeSearch(search, { type: undefined }), search.type === undefined),
      ...facets.product_types.map((item) => ({
        key: item.value,
        label: productTypeLabels[item.value],
        count: item.count,
        search: changeSearch(search, { type: item.value }),
        selected: search.type === item.value,
      })),
    ],
    countries: [
      allChoice('All countries', changeSearch(search, { country: undefined }), country === undefined),
      ...facets.countries.map((item) => ({
        key: item.value,
        label: item.value,
        count: item.count,
        search: changeSearch(search, { country: item.value }),
        selected: country === item.value.toLowerCase(),
      })),
    ],
    prices: [
      allChoice(
        'Any price',
        changeSearch(search, { price_min: undefined, price_max: undefined }),
        search.price_min === undefined && search.price_max === undefined,
      ),
      ...facets.price_bands.map((band) => ({
        key: band.key,
        label: band.label,
        count: band.count,
        search: changeSearch(search, {
          price_min: band.min > 0 ? band.min : undefined,
          price_max: band.max ?? undefined,
        }),
        selected: isPriceBand(search, band),
      })),
    ],
  };
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm hover:bg-cream-100">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="size-4 accent-wine-800"
      />
      {label}
    </label>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-ink-soft">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

const inputClass =
  'h-10 w-full rounded-lg border border-cream-300 bg-white px-3 text-sm text-ink focus:border-wine-600';

const moreFilterKeys = [
  'region',
  'varietal',
  'vintage_min',
  'vintage_max',
  'price_min',
  'price_max',
] as const;

/** Region, grape, vintage range and price range: typed in, applied together. */
function MoreFilters({ search }: { search: ProductsSearch }) {
  const navigate = useNavigate();
  const headingId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed: Record<string, unknown> = {};
    for (const key of moreFilterKeys) typed[key] = form.get(key) ?? undefined;
    const valid = validateProductsSearch(typed);
    const changes: Partial<ProductsSearch> = {};
    for (const key of moreFilterKeys) (changes as Record<string, unknown>)[key] = valid[key];
    void navigate({ to: '/products', search: changeSearch(search, changes), resetScroll: false });
  };
  // The fields start again from the URL whenever it changes (a chip removed, Back…).
  const formKey = moreFilterKeys.map((key) => search[key] ?? '').join('|');
  return (
    <section aria-labelledby={headingId} className="border-t border-cream-200 py-4">
      <h3
        id={headingId}
        className="mb-3 font-sans text-sm font-semibold tracking-wider text-wine-900 uppercase"
      >
        More filters
      </h3>
      <form key={formKey} onSubmit={onSubmit} className="flex flex-col gap-3">
        <Field label="Region">
          {(id) => (
            <input
              id={id}
              name="region"
              defaultValue={search.region ?? ''}
              placeholder="e.g. Bordeaux"
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Grape or base">
          {(id) => (
            <input
              id={id}
              name="varietal"
              defaultValue={search.varietal ?? ''}
              placeholder="e.g. Malbec"
              className={inputClass}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Field label="Vintage from">
            {(id) => (
              <input
                id={id}
                name="vintage_min"
                type="number"
                inputMode="numeric"
                min={VINTAGE_MIN}
                max={VINTAGE_MAX}
                defaultValue={search.vintage_min ?? ''}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Vintage to">
            {(id) => (
              <input
                id={id}
                name="vintage_max"
                type="number"
                inputMode="numeric"
                min={VINTAGE_MIN}
                max={VINTAGE_MAX}
                defaultValue={search.vintage_max ?? ''}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Field label="Price from (Shs)">
            {(id) => (
              <input
                id={id}
                name="price_min"
                type="number"
                inputMode="numeric"
                min={0}
                max={PRICE_LIMIT}
                step={1000}
                defaultValue={search.price_min ?? ''}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Price to (Shs)">
            {(id) => (
              <input
                id={id}
                name="price_max"
                type="number"
                inputMode="numeric"
                min={0}
                max={PRICE_LIMIT}
                step={1000}
                defaultValue={search.price_max ?? ''}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <button
          type="submit"
          className="rounded-full bg-wine-800 px-4 py-2.5 text-sm font-semibold text-cream-50 transition hover:bg-wine-900"
        >
          Apply filters
        </button>
      </form>
    </section>
  );
}

/**
 * The filter panel of /products: category, type, country and price band with their product counts
 * (choices that lead nowhere are left out), on sale and in stock, and the typed filters. Every
 * choice is a link or a change of the URL, so Back undoes it.
 */
export function ProductFilters({
  search,
  facets,
}: {
  search: ProductsSearch;
  facets: UseQueryResult<ProductFacets>;
}) {
  const navigate = useNavigate();
  const setFlag = (key: 'on_sale' | 'in_stock', checked: boolean) =>
    void navigate({
      to: '/products',
      search: changeSearch(search, { [key]: checked ? true : undefined }),
      resetScroll: false,
    });

  let choices: ReactNode;
  if (facets.data) {
    const groups = facetGroups(search, facets.data);
    choices = (
      <>
        <ChoiceGroup title="Category" choices={groups.categories} />
        <ChoiceGroup title="Type" choices={groups.types} />
        <ChoiceGroup title="Country" choices={groups.countries} />
        <ChoiceGroup title="Price" choices={groups.prices} />
      </>
    );
  } else if (facets.isError) {
    choices = (
      <LoadError
        className="my-4"
        message={productStoreMessages.categories}
        onRetry={() => void facets.refetch()}
        retrying={facets.isFetching}
      />
    );
  } else {
    choices = (
      <div role="status" className="flex flex-col gap-2 py-4">
        <span className="sr-only">Loading filters…</span>
        {Array.from({ length: 10 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <div key={index} aria-hidden="true" className="h-7 rounded-lg bg-cream-100" />
        ))}
      </div>
    );
  }

  return (
    <div aria-busy={facets.isFetching}>
      {choices}
      <section aria-label="Availability" className="border-t border-cream-200 py-4">
        <Toggle
          label="On sale only"
          checked={search.on_sale === true}
          onChange={(on) => setFlag('on_sale', on)}
        />
        <Toggle
          label="In stock only"
          checked={search.in_stock === true}
          onChange={(on) => setFlag('in_stock', on)}
        />
      </section>
      <MoreFilters search={search} />
    </div>
  );
}
