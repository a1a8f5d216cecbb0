import { getRouteApi } from '@tanstack/react-router';
import { LinkCards } from '../../../components/link-cards';
import { PageShell } from '../../../components/page-shell';
import { SearchForm } from '../../../components/search-form';

const route = getRouteApi('/products');

/** The catalogue: the products feature fills it with the list, filters and paging. */
export function ProductsPage() {
  const { search, category } = route.useSearch();
  return (
    <PageShell
      eyebrow="Discover"
      title="Wines & spirits"
      lead="The whole cellar in one place: reds, whites, rosé and sparkling wines, whiskies, gins, rums and brandies. Search by name, grape or region, or narrow the list by category."
    >
      <SearchForm key={search ?? ''} defaultValue={search ?? ''} />
      {search || category ? (
        <p className="mt-4 text-sm text-ink-soft">
          {search ? (
            <>
              Showing the search for <strong className="text-wine-900">“{search}”</strong>
            </>
          ) : (
            <>Showing one category</>
          )}
        </p>
      ) : null}
      <div className="mt-12">
        <LinkCards
          links={[
            {
              to: '/guide',
              title: "Buyer's guide",
              description: 'Wine styles, spirits and serving temperatures for Kampala’s climate.',
            },
            {
              to: '/events',
              title: 'Tastings & events',
              description: 'Try before you buy at our evenings in Kololo.',
            },
            {
              to: '/contact',
              title: 'Looking for a particular bottle?',
              description: 'Ask us: we can often source it within a few weeks.',
            },
          ]}
        />
      </div>
    </PageShell>
  );
}
