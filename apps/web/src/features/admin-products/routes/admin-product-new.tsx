import { Link, useNavigate } from '@tanstack/react-router';
import { textLinkClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { toast } from '../../../lib/toast';
import { useCreateAdminProduct } from '../api/create-admin-product';
import { ProductForm } from '../components/product-form';

/** /admin/products/new: the product form; once created, its page opens to add sizes and photos. */
export function AdminProductNewPage() {
  const create = useCreateAdminProduct();
  const navigate = useNavigate();
  return (
    <PageShell eyebrow="Back office" title="New product">
      <StaffOnly>
        <p className="mb-4 text-sm">
          <Link to="/admin/products" className={textLinkClass}>
            Back to products
          </Link>
        </p>
        <ProductForm
          pending={create.isPending}
          onSubmit={(body) =>
            create.mutateAsync(body).then((product) => {
              toast.success(`${product.name} created: add its sizes and photos`);
              return navigate({ to: '/admin/products/$id', params: { id: String(product.id) } });
            })
          }
        />
      </StaffOnly>
    </PageShell>
  );
}
