import type { AdminVariant } from '@shop/contract/catalog-admin';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FormMessage, textLinkClass } from '../../components/form-field';
import { PageShell } from '../../components/page-shell';
import { StaffOnly } from '../../components/staff-only';
import { ProductPhotosPanel } from '../../features/admin-product-photos/components/product-photos-panel';
import { useAdminProduct } from '../../features/admin-products/api/get-admin-product';
import { useHamper } from '../../features/admin-products/api/hamper';
import { HamperParts } from '../../features/admin-products/components/hamper-parts';
import { ProductEditor } from '../../features/admin-products/components/product-editor';
import { ProductHistory } from '../../features/admin-products/components/product-history';
import { SizesTable } from '../../features/admin-products/components/sizes-table';
import { StockLedgerPanel } from '../../features/admin-stock/components/stock-ledger-panel';
import { isApiError } from '../../lib/api-client';

/** A size's stock panel; a hamper's (its parts read once, shared with its parts panel) is read-only. */
function SizeStock({ size }: { size: AdminVariant }) {
  const hamper = useHamper(size.id).data;
  return (
    <StockLedgerPanel
      variantId={size.id}
      variantName={size.name}
      packSize={size.pack_size}
      derivedStock={hamper && hamper.parts.length > 0 ? hamper.stock : undefined}
    />
  );
}

const route = getRouteApi('/admin/products/$id');

function ProductPage({ productId }: { productId: number }) {
  const query = useAdminProduct(productId, Number.isInteger(productId) && productId > 0);
  if (
    !Number.isInteger(productId) ||
    productId <= 0 ||
    (isApiError(query.error) && query.error.status === 404)
  ) {
    return <FormMessage kind="error">This product does not exist (it may have been deleted).</FormMessage>;
  }
  if (query.isError) return <FormMessage kind="error">The product could not be loaded.</FormMessage>;
  if (!query.data) {
    return (
      <p role="status" className="text-ink-soft">
        Loading product…
      </p>
    );
  }
  const product = query.data;
  return (
    <div className="space-y-10">
      <ProductEditor product={product} />
      <ProductPhotosPanel productId={product.id} />
      <SizesTable product={product} />
      <section aria-labelledby="hamper-parts-heading" className="flex flex-col gap-6">
        <h2 id="hamper-parts-heading" className="font-serif text-2xl text-wine-900">
          Hamper parts
        </h2>
        {product.variants.map((size) => (
          <HamperParts key={size.id} size={size} />
        ))}
      </section>
      <section aria-labelledby="stock-ledgers-heading" className="flex flex-col gap-6">
        <h2 id="stock-ledgers-heading" className="text-2xl">
          Stock by size
        </h2>
        {product.variants.map((size) => (
          <SizeStock key={size.id} size={size} />
        ))}
      </section>
      <ProductHistory productId={product.id} />
    </div>
  );
}

/**
 * /admin/products/$id: a product's back-office page, composed from the features that own its
 * parts: the form and sizes (admin-products), then the photos and the stock ledger of their own
 * features (see the slots), and the history from the audit trail.
 */
export function AdminProductEditRoute() {
  const { id } = route.useParams();
  return (
    <PageShell eyebrow="Back office" title="Edit product">
      <StaffOnly>
        <p className="mb-4 text-sm">
          <Link to="/admin/products" className={textLinkClass}>
            Back to products
          </Link>
        </p>
        <ProductPage productId={Number(id)} />
      </StaffOnly>
    </PageShell>
  );
}
