import type { AdminProduct } from '@shop/contract/catalog-admin';
import { ADMIN_PRODUCT_STATUS_LABELS } from '@shop/contract/catalog-admin-constants';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormMessage, secondaryButtonClass, textLinkClass } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useDeleteAdminProduct } from '../api/delete-admin-product';
import { adminProductQuery } from '../api/get-admin-product';
import { useUpdateAdminProduct } from '../api/update-admin-product';
import { errorText } from '../lib/error-text';
import { ProductForm } from './product-form';

/**
 * The top of a product's back-office page: its status and storefront link, the form (saved with
 * its version), and Delete — which archives a product that was ever ordered (the answer says).
 */
export function ProductEditor({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useUpdateAdminProduct(product.id);
  const remove = useDeleteAdminProduct(product.id);
  const [removal, setRemoval] = useState<string | null>(null);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: adminProductQuery(product.id).queryKey });
    return queryClient.fetchQuery(adminProductQuery(product.id));
  };
  const onDelete = () => {
    if (!window.confirm(`Delete ${product.name}? A product that was ever ordered is archived instead.`))
      return;
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.outcome === 'deleted') {
          toast.success(`${product.name} deleted`);
          void navigate({ to: '/admin/products' });
        } else {
          setRemoval('It was ordered before, so it was archived: hidden from the shop, kept for its orders.');
          void reload();
        }
      },
      onError: (error) => setRemoval(errorText(error)),
    });
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-soft">
        <span className="font-semibold text-ink">{ADMIN_PRODUCT_STATUS_LABELS[product.status]}</span>
        {product.status === 'listed' ? (
          <>
            {' · '}
            <Link to="/products/$id" params={{ id: product.slug }} className={textLinkClass}>
              See it in the shop
            </Link>
          </>
        ) : null}
        {product.old_slugs.length > 0 ? ` · Old addresses redirect: ${product.old_slugs.join(', ')}` : null}
      </p>
      <ProductForm
        key={product.id}
        product={product}
        pending={update.isPending}
        onSubmit={(body) => update.mutateAsync({ ...body, version: product.version })}
        onReload={reload}
      />
      {removal ? <FormMessage kind="info">{removal}</FormMessage> : null}
      {product.status !== 'archived' ? (
        <button type="button" className={secondaryButtonClass} onClick={onDelete} disabled={remove.isPending}>
          Delete product
        </button>
      ) : null}
    </div>
  );
}
