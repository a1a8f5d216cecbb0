import { TOAST_DURATION_MS } from '@shop/contract/constants';
import {
  EFRIS_DEFAULT_UNIT,
  EFRIS_GOODS_STATES,
  EFRIS_STOCK_STATES,
  type EfrisCategoryMapping,
  type EfrisGoodsState,
  type EfrisStockState,
  efrisGoodsStateLabels,
  efrisMappingUpdateSchema,
  efrisStockStateLabels,
} from '@shop/contract/efris-goods';
import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PagedDataTable } from '../../../components/data-table';
import { FormMessage, inputClass } from '../../../components/form-field';
import { Tabs } from '../../../components/tabs';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { toast } from '../../../lib/toast';
import {
  useEfrisCategoryMappings,
  useEfrisDictionary,
  useEfrisGoods,
  useEfrisStockIncreases,
  useMapEfrisCategory,
  useRefreshEfrisDictionaries,
  useRetryEfrisGood,
  useRetryEfrisStockIncrease,
} from '../api/efris';

type Picked = { code: string; name: string | null };

/**
 * A dictionary field: the admin types words of the name or the start of the code, URA's matches
 * are listed under it (the API's search), and one is picked; the pick is the field's value.
 */
function DictionaryPicker({
  label,
  dictionary,
  value,
  onChange,
  error,
  optional = false,
}: {
  label: string;
  dictionary: 'commodity' | 'excise';
  value: Picked | null;
  onChange: (value: Picked | null) => void;
  error?: string | undefined;
  optional?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const matches = useEfrisDictionary(dictionary, search);
  const results = matches.data?.results ?? [];
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold">{label}</legend>
      <p className="text-sm" aria-live="polite">
        {value ? `Chosen: ${value.code}${value.name ? ` ${value.name}` : ''}` : 'None chosen'}
        {value && optional ? (
          <button type="button" className={`${buttonClass('link')} ml-3`} onClick={() => onChange(null)}>
            Clear<span className="sr-only"> {label}</span>
          </button>
        ) : null}
      </p>
      <label htmlFor={`${id}-search`} className="block text-sm">
        Search {label.toLowerCase()}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={inputClass}
        value={search}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {search.trim() === '' ? null : matches.isError ? (
        <FormMessage kind="error">{formErrorMessage(matches.error)}</FormMessage>
      ) : matches.isPending ? (
        <p className="text-sm text-ink-soft">Searching…</p>
      ) : results.length === 0 ? (
        <p className="text-sm text-ink-soft">No match.</p>
      ) : (
        <ul aria-label={`Matching ${label.toLowerCase()}`} className="space-y-1">
          {results.map((item) => (
            <li key={item.code}>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                aria-pressed={value?.code === item.code}
                onClick={() => onChange({ code: item.code, name: item.name })}
              >
                {item.code} {item.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-wine-700">
          {label}: {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Field errors by name: the contract's before sending, the API's 422 after. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(error.fields.map((field) => [field.field, field.message]));
}

/** An admin's form mapping one category to URA's commodity category, unit and excise duty. */
function MappingForm({ row, onDone }: { row: EfrisCategoryMapping; onDone: () => void }) {
  const unitId = useId();
  const [commodity, setCommodity] = useState<Picked | null>(
    row.mapping ? { code: row.mapping.commodity_code, name: row.mapping.commodity_name } : null,
  );
  const [excise, setExcise] = useState<Picked | null>(
    row.mapping?.excise_code ? { code: row.mapping.excise_code, name: row.mapping.excise_name } : null,
  );
  const [unit, setUnit] = useState(row.mapping?.unit ?? EFRIS_DEFAULT_UNIT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const map = useMapEfrisCategory();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = efrisMappingUpdateSchema.safeParse({
      commodity_code: commodity?.code,
      unit,
      excise_code: excise?.code ?? null,
    });
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    map.mutate(
      { categoryId: row.category_id, body: checked.data },
      {
        onError: (error) => setErrors(fieldErrorsOf(error)),
        onSuccess: () => {
          toast.success(`${row.category_name} mapped; its sizes are registered with URA again`, {
            duration: TOAST_DURATION_MS,
          });
          onDone();
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Map ${row.category_name}`}
      className="max-w-xl space-y-4 rounded-lg border border-cream-300 p-4"
    >
      {map.isError && Object.keys(errors).length === 0 ? (
        <FormMessage kind="error">{formErrorMessage(map.error)}</FormMessage>
      ) : null}
      <DictionaryPicker
        label="Commodity category"
        dictionary="commodity"
        value={commodity}
        onChange={setCommodity}
        error={errors.commodity_code}
      />
      <div className="space-y-1">
        <label htmlFor={unitId} className="block text-sm font-semibold">
          Unit of measure
        </label>
        <input
          id={unitId}
          className={inputClass}
          value={unit}
          aria-invalid={errors.unit ? true : undefined}
          aria-describedby={errors.unit ? `${unitId}-error` : undefined}
          onChange={(event) => setUnit(event.currentTarget.value)}
        />
        {errors.unit ? (
          <p id={`${unitId}-error`} className="text-sm font-medium text-wine-700">
            Unit of measure: {errors.unit}
          </p>
        ) : null}
      </div>
      <DictionaryPicker
        label="Excise duty"
        dictionary="excise"
        value={excise}
        onChange={setExcise}
        error={errors.excise_code}
        optional
      />
      <div className="flex gap-3">
        <button type="submit" className={buttonClass('primary')} disabled={map.isPending}>
          Save mapping
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CategoryMappings({ isAdmin }: { isAdmin: boolean }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const mappings = useEfrisCategoryMappings(page);
  return (
    <PagedDataTable
      caption="Categories mapped to URA’s codes"
      columns={[
        { header: 'Category', rowHeader: true, cell: (row) => row.category_name },
        { header: 'Sizes', cell: (row) => row.sizes },
        {
          header: 'Commodity category',
          label: 'Commodity',
          cell: (row) =>
            row.mapping
              ? `${row.mapping.commodity_code}${row.mapping.commodity_name ? ` ${row.mapping.commodity_name}` : ''}`
              : 'Not mapped (the settings’ commodity code)',
        },
        { header: 'Unit', cell: (row) => row.mapping?.unit ?? '' },
        {
          header: 'Excise duty',
          cell: (row) =>
            row.mapping?.excise_code
              ? `${row.mapping.excise_code}${row.mapping.excise_name ? ` ${row.mapping.excise_name}` : ''}`
              : '',
        },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (row) =>
            isAdmin ? (
              <button
                type="button"
                className={buttonClass('link')}
                aria-expanded={open === row.category_id}
                onClick={() => setOpen(open === row.category_id ? null : row.category_id)}
              >
                Map<span className="sr-only"> {row.category_name}</span>
              </button>
            ) : null,
        },
      ]}
      rowKey={(row) => row.category_id}
      isCurrent={(row) => row.category_id === open}
      detail={(row) =>
        isAdmin && row.category_id === open ? <MappingForm row={row} onDone={() => setOpen(null)} /> : null
      }
      query={mappings}
      what="The categories"
      loading="Loading the categories…"
      empty="No category yet."
      page={page}
      onPage={setPage}
    />
  );
}

type GoodsTab = EfrisGoodsState | 'all';
const GOODS_TABS: ReadonlyArray<{ value: GoodsTab; label: string }> = [
  { value: 'all', label: 'All' },
  ...EFRIS_GOODS_STATES.map((state) => ({ value: state, label: efrisGoodsStateLabels[state] })),
];

function GoodsRegistrations() {
  const [tab, setTab] = useState<GoodsTab>('all');
  const [page, setPage] = useState(1);
  const goods = useEfrisGoods(tab === 'all' ? undefined : tab, page);
  const retry = useRetryEfrisGood();
  return (
    <Tabs
      label="Sizes to show"
      tabs={GOODS_TABS}
      value={tab}
      onChange={(next) => {
        setTab(next);
        setPage(1);
      }}
      panelClassName="space-y-4"
    >
      {retry.isError ? <FormMessage kind="error">{formErrorMessage(retry.error)}</FormMessage> : null}
      <PagedDataTable
        caption="Sizes registered with URA"
        columns={[
          {
            header: 'Product',
            cell: (good) => (
              <span>
                {good.product_name}
                <span className="block text-ink-soft">{good.category_name ?? ''}</span>
              </span>
            ),
          },
          { header: 'Size', cell: (good) => good.variant_name },
          { header: 'SKU', cell: (good) => good.sku },
          {
            header: 'State',
            cell: (good) =>
              good.state === null
                ? 'Not sent yet'
                : `${efrisGoodsStateLabels[good.state]}${
                    good.state === 'pending' && good.attempts > 0 ? ` (attempt ${good.attempts})` : ''
                  }`,
          },
          {
            header: 'URA’s answer',
            label: 'URA',
            cell: (good) =>
              good.state === 'registered' && good.registered_at
                ? formatKampalaShortDateTime(good.registered_at)
                : (good.last_error ?? ''),
          },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (good) =>
              good.state === 'failed' ? (
                <button
                  type="button"
                  className={buttonClass('link')}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(good.variant_id)}
                >
                  Retry<span className="sr-only"> size {good.sku}</span>
                </button>
              ) : null,
          },
        ]}
        rowKey={(good) => good.variant_id}
        query={goods}
        what="The sizes"
        loading="Loading the sizes…"
        empty="No size here."
        page={page}
        onPage={setPage}
      />
    </Tabs>
  );
}

type StockTab = EfrisStockState | 'all';
const STOCK_TABS: ReadonlyArray<{ value: StockTab; label: string }> = [
  { value: 'all', label: 'All' },
  ...EFRIS_STOCK_STATES.map((state) => ({ value: state, label: efrisStockStateLabels[state] })),
];

function StockIncreases() {
  const [tab, setTab] = useState<StockTab>('all');
  const [page, setPage] = useState(1);
  const increases = useEfrisStockIncreases(tab === 'all' ? undefined : tab, page);
  const retry = useRetryEfrisStockIncrease();
  return (
    <Tabs
      label="Stock increases to show"
      tabs={STOCK_TABS}
      value={tab}
      onChange={(next) => {
        setTab(next);
        setPage(1);
      }}
      panelClassName="space-y-4"
    >
      {retry.isError ? <FormMessage kind="error">{formErrorMessage(retry.error)}</FormMessage> : null}
      <PagedDataTable
        caption="Received stock reported to EFRIS, newest first"
        columns={[
          {
            header: 'Movement',
            cell: (increase) => (
              <span>
                {increase.product_name} {increase.variant_name}
                <span className="block text-ink-soft">
                  {increase.sku} · {formatKampalaShortDateTime(increase.created_at)}
                </span>
              </span>
            ),
          },
          { header: 'Quantity', cell: (increase) => increase.quantity },
          {
            header: 'State',
            cell: (increase) =>
              `${efrisStockStateLabels[increase.state]}${
                increase.state === 'pending' && increase.attempts > 0 ? ` (attempt ${increase.attempts})` : ''
              }`,
          },
          { header: 'URA’s answer', label: 'URA', cell: (increase) => increase.last_error ?? '' },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (increase) =>
              increase.state === 'failed' ? (
                <button
                  type="button"
                  className={buttonClass('link')}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(increase.movement_id)}
                >
                  Retry<span className="sr-only"> stock movement {increase.movement_id}</span>
                </button>
              ) : null,
          },
        ]}
        rowKey={(increase) => increase.movement_id}
        query={increases}
        what="The stock increases"
        loading="Loading the stock increases…"
        empty="No stock increase here."
        page={page}
        onPage={setPage}
      />
    </Tabs>
  );
}

function RefreshDictionaries() {
  const refresh = useRefreshEfrisDictionaries();
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={refresh.isPending}
        onClick={() =>
          refresh.mutate(undefined, {
            onSuccess: (answer) =>
              toast.success(
                `URA’s lists read: ${answer.commodity_categories} commodity categories, ${answer.excise_codes} excise duties`,
                { duration: TOAST_DURATION_MS },
              ),
          })
        }
      >
        Refresh dictionaries
      </button>
      {refresh.isError ? <FormMessage kind="error">{formErrorMessage(refresh.error)}</FormMessage> : null}
    </div>
  );
}

type GoodsView = 'categories' | 'sizes' | 'stock';
const VIEWS: ReadonlyArray<{ value: GoodsView; label: string }> = [
  { value: 'categories', label: 'Categories' },
  { value: 'sizes', label: 'Sizes' },
  { value: 'stock', label: 'Stock increases' },
];

/**
 * Goods at URA (decision 0033): each category's commodity, unit and excise codes (admins map
 * them, searching URA's dictionaries), each size's registration (T130) and each received stock
 * movement's report (T131), with URA's message and a retry when refused.
 */
export function EfrisGoods() {
  const { mayUse } = useBackOffice();
  // Mapping and refreshing are an admin's, as the shop's settings are.
  const isAdmin = mayUse('settings');
  const [view, setView] = useState<GoodsView>('categories');
  return (
    <section className="space-y-4" aria-label="Goods">
      <h2 className="font-display text-2xl">Goods</h2>
      {isAdmin ? <RefreshDictionaries /> : null}
      <Tabs label="Goods to show" tabs={VIEWS} value={view} onChange={setView} panelClassName="space-y-4">
        {view === 'categories' ? (
          <CategoryMappings isAdmin={isAdmin} />
        ) : view === 'sizes' ? (
          <GoodsRegistrations />
        ) : (
          <StockIncreases />
        )}
      </Tabs>
    </section>
  );
}
