import {
  backOfficeSearchQuerySchema,
  backOfficeSearchSchema,
  type BackOfficeSearch as Hits,
} from '@shop/contract/back-office';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';

function Group({ title, children, count }: { title: string; children: ReactNode; count: number }) {
  if (count === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className="px-1 text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">{title}</h2>
      <ul className="mt-1 space-y-0.5">{children}</ul>
    </section>
  );
}

const hitClass = 'block truncate rounded-lg px-2 py-1.5 text-sm text-wine-900 hover:bg-cream-100';

/**
 * The back office's one search box: a product by name or SKU, an order by number, a customer by
 * name, e-mail or phone (`GET /admin/search/`), a few of each, each a link to its page.
 */
export function BackOfficeSearch() {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const search = useMutation({
    mutationFn: (q: string) =>
      api.get<Hits>(`/admin/search/?q=${encodeURIComponent(q)}`, {
        schema: backOfficeSearchSchema,
        toast: false,
      }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The API's rule, checked here first: no request for an empty or too long text.
    const parsed = backOfficeSearchQuerySchema.safeParse({ q: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the text.');
      search.reset();
      return;
    }
    setProblem(null);
    search.mutate(parsed.data.q);
  };

  const hits = search.data;
  const none = hits && hits.products.length + hits.orders.length + hits.customers.length === 0;
  return (
    <div className="w-full min-w-0">
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is still unknown to some browsers and to the test DOM */}
      <form
        role="search"
        aria-label="Back office"
        onSubmit={onSubmit}
        className="flex w-full gap-2"
        noValidate
      >
        <label htmlFor={id} className="sr-only">
          Find a product, order or customer
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder="Name, SKU, order number, e-mail"
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="h-10 min-w-0 flex-1 rounded-full border border-cream-300 bg-white px-4 text-sm shadow-sm placeholder:text-ink-soft focus:border-wine-600"
        />
        <button
          type="submit"
          className="inline-flex h-10 items-center justify-center rounded-full bg-wine-800 px-4 text-sm font-semibold text-cream-50"
        >
          <Search aria-hidden="true" className="size-4 sm:hidden" />
          <span className="max-sm:sr-only">Look up</span>
        </button>
      </form>
      <div aria-live="polite">
        {problem ? (
          <p id={`${id}-problem`} className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        ) : search.isPending ? (
          <p className="mt-2 text-sm text-ink-soft">Searching…</p>
        ) : search.isError ? (
          <p className="mt-2 text-sm text-red-700">
            {search.error instanceof ApiError ? search.error.userMessage : 'The search failed. Try again.'}
          </p>
        ) : none ? (
          <p className="mt-2 text-sm text-ink-soft">Nothing found for “{search.variables}”.</p>
        ) : hits ? (
          <div className="mt-3 space-y-3 rounded-2xl border border-cream-200 bg-white p-3 shadow-sm">
            <Group title="Products" count={hits.products.length}>
              {hits.products.map((hit) => (
                <li key={hit.id}>
                  <Link to="/admin/products/$id" params={{ id: String(hit.id) }} className={hitClass}>
                    {hit.name}
                    {hit.sku ? <span className="text-ink-soft">{` · ${hit.sku}`}</span> : null}
                  </Link>
                </li>
              ))}
            </Group>
            <Group title="Orders" count={hits.orders.length}>
              {hits.orders.map((hit) => (
                <li key={hit.id}>
                  <Link to="/admin/orders/$id" params={{ id: hit.id }} className={hitClass}>
                    {hit.order_number}
                    <span className="text-ink-soft">{` · ${hit.contact_name}`}</span>
                  </Link>
                </li>
              ))}
            </Group>
            <Group title="Customers" count={hits.customers.length}>
              {hits.customers.map((hit) => (
                <li key={hit.id}>
                  <Link to="/admin/customers/$id" params={{ id: hit.id }} className={hitClass}>
                    {hit.name}
                    <span className="text-ink-soft">{` · ${hit.email}`}</span>
                  </Link>
                </li>
              ))}
            </Group>
          </div>
        ) : null}
      </div>
    </div>
  );
}
