import type { AdminCategory } from '@shop/contract/categories-admin';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { countOf } from '@shop/contract/plural';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { FormMessage, secondaryButtonClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ADMIN_CATEGORIES_KEY, useAdminCategories } from '../api/admin-categories';
import { deleteCategory } from '../api/delete-category';
import { reorderCategories } from '../api/reorder-categories';
import { updateCategory } from '../api/update-category';
import { CategoryForm } from '../components/category-form';

const linkButton = buttonClass('link');

function CategoriesDesk() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useAdminCategories(true);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (isPending || isError) {
    return (
      <QueryStatus
        pending={isPending}
        onRetry={refetch}
        what="The categories"
        loading="Loading categories…"
      />
    );
  }
  const categories = data.results;

  /** Runs a change, then shows the list as the server has it; a refusal is shown above the table. */
  async function act(change: () => Promise<unknown>, success?: string) {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      await change();
      if (success) toast.success(success, { duration: TOAST_DURATION_MS });
    } catch (error) {
      setRefusal(
        isApiError(error) ? (error.envelope?.message ?? error.userMessage) : 'The change was not saved.',
      );
    } finally {
      await queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      setBusy(false);
    }
  }

  const move = (index: number, by: -1 | 1) => {
    const ids = categories.map((category) => category.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void act(() => reorderCategories(ids));
  };
  const toggle = (category: AdminCategory) =>
    void act(
      () => updateCategory(category.id, { is_active: !category.is_active }),
      category.is_active
        ? `${category.name} is hidden from the shop`
        : `${category.name} is shown in the shop`,
    );
  // The server refuses while products use it; the refusal says how many to move.
  const remove = (category: AdminCategory) =>
    void act(() => deleteCategory(category.id), `${category.name} removed`);

  const current =
    typeof editing === 'number' ? categories.find((category) => category.id === editing) : undefined;
  return (
    <div className="space-y-6">
      {refusal ? <FormMessage kind="error">{refusal}</FormMessage> : null}
      <DataTable
        caption="Categories"
        columns={[
          { header: 'Category', className: 'font-semibold', cell: (category) => category.name },
          { header: 'Slug', cell: (category) => category.slug },
          {
            header: 'Products',
            cell: (category) =>
              `${countOf(category.product_count, 'product')}${
                category.listed_count !== category.product_count ? ` (${category.listed_count} listed)` : ''
              }`,
          },
          { header: 'In the shop', cell: (category) => (category.is_active ? 'Shown' : 'Hidden') },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (category, index) => (
              <div className="flex flex-wrap justify-end gap-3 md:justify-start">
                <button
                  type="button"
                  className={linkButton}
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                >
                  Up <span className="sr-only">{category.name}</span>
                </button>
                <button
                  type="button"
                  className={linkButton}
                  disabled={busy || index === categories.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Down <span className="sr-only">{category.name}</span>
                </button>
                <button type="button" className={linkButton} onClick={() => setEditing(category.id)}>
                  Edit <span className="sr-only">{category.name}</span>
                </button>
                <button type="button" className={linkButton} disabled={busy} onClick={() => toggle(category)}>
                  {category.is_active ? 'Hide' : 'Show'} <span className="sr-only">{category.name}</span>
                </button>
                <button type="button" className={linkButton} disabled={busy} onClick={() => remove(category)}>
                  Remove <span className="sr-only">{category.name}</span>
                </button>
              </div>
            ),
          },
        ]}
        rows={categories}
        rowKey={(category) => category.id}
        isCurrent={(category) => category.id === editing}
        empty="No categories yet."
      />
      {editing === 'new' ? (
        <CategoryForm onDone={() => setEditing(null)} />
      ) : current ? (
        <CategoryForm key={current.id} category={current} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
          Add a category
        </button>
      )}
    </div>
  );
}

/**
 * /admin/categories, the back office's categories (staff and admins; the API refuses anyone else
 * too): their order in the shop, names, slugs, descriptions and images, hidden or shown. A
 * category with products cannot be removed until they move to another.
 */
export function AdminCategoriesPage() {
  return (
    <PageShell eyebrow="Back office" title="Categories">
      <StaffOnly>
        <CategoriesDesk />
      </StaffOnly>
    </PageShell>
  );
}
