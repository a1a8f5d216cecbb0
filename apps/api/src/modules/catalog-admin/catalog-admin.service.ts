import {
  type AdminProduct,
  type AdminProductList,
  type AdminProductListFilters,
  type AdminVariant,
  catalogAdminMessages,
  type ProductCreate,
  type ProductRemoval,
  type ProductUpdate,
  slugify,
  type VariantCreate,
  type VariantUpdate,
} from '@shop/contract/catalog-admin';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { toPagedList } from '@shop/contract/pagination';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartItems, productSlugRedirects, products, productVariants } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { conflict, invalidInput, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import type { CatalogService } from '../catalog/catalog.service';
import {
  type AdminProductRecord,
  type AdminVariantRow,
  categoryExists,
  findAdminProduct,
  findOldSlugs,
  findVariant,
  findVariantsOf,
  lastProductChange,
  skuUsedByOther,
  slugsLike,
  slugUsedByOther,
  wasEverOrdered,
} from './catalog-admin.repository';

/**
 * The back office's products and sizes. Every write runs in one transaction with its audit entry;
 * a product's save carries the version it was read at, and a stale one is refused with who saved
 * last and when (nothing is written). Stock is never written here: a new size starts at 0 and
 * changes only through stock movements.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toVariant(row: AdminVariantRow): AdminVariant {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    volume_ml: row.volume_ml,
    pack_size: row.pack_size,
    price: row.price,
    compare_at_price: row.original_price,
    stock: row.stock,
    low_stock_threshold: row.low_stock_threshold,
    is_default: row.is_default,
    sort_order: row.sort_order,
    retired_at: iso(row.retired_at),
  };
}

/** The product's editable fields, as the audit trail keeps them. */
function editableFields(product: AdminProductRecord) {
  return {
    name: product.name,
    slug: product.slug,
    category_id: product.category_id,
    product_type: product.product_type,
    country: product.country,
    region: product.region,
    varietal: product.varietal,
    vintage: product.vintage,
    abv: product.abv === null ? null : Number(product.abv),
    description: product.description,
    tasting_notes: product.tasting_notes,
    food_pairing: product.food_pairing,
    awards: product.awards,
    is_featured: product.is_featured,
    is_new_arrival: product.is_new_arrival,
    is_active: product.is_active,
  };
}

/** A size's fields as the audit trail keeps them. */
function variantFields(row: AdminVariantRow) {
  return {
    sku: row.sku,
    name: row.name,
    volume_ml: row.volume_ml,
    pack_size: row.pack_size,
    price: row.price,
    compare_at_price: row.original_price,
    low_stock_threshold: row.low_stock_threshold,
    is_default: row.is_default,
    retired: row.retired_at !== null,
  };
}

const field = (name: string, message: string) => invalidInput([{ field: name, message }]);

function statusOf(product: AdminProductRecord): AdminProduct['status'] {
  if (product.archived_at) return 'archived';
  return product.listed ? 'listed' : 'hidden';
}

/** The staff list's page from the catalog module (its index holds every product). */
type StaffPages = Pick<CatalogService, 'staffPage'>;

export function createCatalogAdminService(db: Database, catalog: StaffPages) {
  async function load(executor: Executor, id: number): Promise<AdminProduct> {
    const product = await findAdminProduct(executor, id);
    if (!product) throw notFound('Product');
    const [variants, oldSlugs] = await Promise.all([
      findVariantsOf(executor, [id], true),
      findOldSlugs(executor, id),
    ]);
    return {
      ...editableFields(product),
      id: product.id,
      version: product.version,
      category_name: product.category_name,
      product_type: product.product_type as AdminProduct['product_type'],
      status: statusOf(product),
      archived_at: iso(product.archived_at),
      old_slugs: oldSlugs,
      created_at: iso(product.created_at)!,
      updated_at: iso(product.updated_at)!,
      variants: variants.map(toVariant),
    };
  }

  /** A free slug for a new product: the name's, else with -2, -3, … */
  async function freeSlug(executor: Executor, name: string): Promise<string> {
    let base = slugify(name) || 'product';
    if (/^\d+$/.test(base)) base = `product-${base}`;
    const taken = await slugsLike(executor, base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function lockProduct(executor: Executor, id: number): Promise<AdminProductRecord> {
    const product = await findAdminProduct(executor, id, true);
    if (!product) throw notFound('Product');
    return product;
  }

  async function checkCategory(executor: Executor, categoryId: number | undefined) {
    if (categoryId !== undefined && !(await categoryExists(executor, categoryId))) {
      throw field('category_id', catalogAdminMessages.categoryUnknown);
    }
  }

  async function checkSku(executor: Executor, sku: string | undefined, exceptId?: number) {
    if (sku !== undefined && (await skuUsedByOther(executor, sku, exceptId))) {
      throw field('sku', catalogAdminMessages.skuTaken);
    }
  }

  /** Makes `variantId` the product's only default (the one-default index is checked per row). */
  async function makeDefault(tx: Executor, productId: number, variantId: number) {
    await tx
      .update(productVariants)
      .set({ isDefault: false })
      .where(and(eq(productVariants.productId, productId), ne(productVariants.id, variantId)));
    await tx.update(productVariants).set({ isDefault: true }).where(eq(productVariants.id, variantId));
  }

  return {
    async list(filters: AdminProductListFilters): Promise<AdminProductList> {
      const { rows, count } = await catalog.staffPage(filters);
      const variants = await findVariantsOf(
        db,
        rows.map((row) => row.id),
        false,
      );
      const byProduct = new Map<number, AdminVariant[]>();
      for (const variant of variants) {
        const list = byProduct.get(variant.product_id) ?? [];
        list.push(toVariant(variant));
        byProduct.set(variant.product_id, list);
      }
      return toPagedList(
        rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          category: { id: row.category_id, name: row.category_name },
          product_type: row.product_type as AdminProduct['product_type'],
          vintage: row.vintage,
          status: row.status,
          is_featured: row.is_featured,
          is_new_arrival: row.is_new_arrival,
          price: row.price,
          stock_total: row.stock_total,
          low_stock: row.low_stock,
          image: row.image,
          updated_at: iso(row.updated_at)!,
          variants: byProduct.get(row.id) ?? [],
        })),
        count,
        filters,
      );
    },

    get(id: number): Promise<AdminProduct> {
      return load(db, id);
    },

    async create(actor: AuditActor, input: ProductCreate): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        await checkCategory(tx, input.category_id);
        let slug = input.slug;
        if (slug !== undefined) {
          if (await slugUsedByOther(tx, slug)) throw field('slug', catalogAdminMessages.slugTaken);
          // A new product takes over an old slug: the live slug wins over a redirect.
          await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug));
        } else {
          slug = await freeSlug(tx, input.name);
        }
        const [row] = await tx
          .insert(products)
          .values({
            name: input.name,
            slug,
            categoryId: input.category_id,
            productType: input.product_type,
            country: input.country,
            region: input.region,
            varietal: input.varietal,
            vintage: input.vintage,
            abv: input.abv,
            description: input.description,
            tastingNotes: input.tasting_notes,
            foodPairing: input.food_pairing,
            awards: input.awards,
            isFeatured: input.is_featured,
            isNewArrival: input.is_new_arrival,
            isActive: input.is_active,
          })
          .returning({ id: products.id });
        const created = await load(tx, row!.id);
        await recordAudit(tx, actor, {
          kind: 'product.create',
          subjectType: 'product',
          subjectId: created.id,
          summary: `Created ${created.name}`,
          after: editableFields((await findAdminProduct(tx, created.id))!),
        });
        return created;
      });
    },

    async update(actor: AuditActor, id: number, input: ProductUpdate): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const current = await lockProduct(tx, id);
        if (current.version !== input.version) {
          const last = await lastProductChange(tx, id);
          const who = last
            ? `${last.actor_name} changed this product on ${formatKampalaDateTime(last.occurred_at)}`
            : `This product was changed on ${formatKampalaDateTime(current.updated_at)}`;
          throw conflict(
            `${who}, after you opened it. Reload to see their changes; yours were not saved.`,
            'conflict',
            [{ field: 'version', message: 'The product changed since it was loaded' }],
          );
        }
        const { version: _version, ...changes } = input;
        await checkCategory(tx, changes.category_id);
        if (changes.slug !== undefined && changes.slug !== current.slug) {
          if (await slugUsedByOther(tx, changes.slug, id))
            throw field('slug', catalogAdminMessages.slugTaken);
        }
        const before = editableFields(current);
        const diff = changedFields(before, changes);
        if (!diff) return load(tx, id);

        if (diff.after.slug !== undefined) {
          // The old slug keeps answering, with a redirect to the new one; the new slug is live.
          await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, diff.after.slug));
          await tx
            .insert(productSlugRedirects)
            .values({ slug: current.slug, productId: id })
            .onConflictDoUpdate({
              target: productSlugRedirects.slug,
              set: { productId: id, createdAt: sql`now()` },
            });
        }
        const after = diff.after;
        await tx
          .update(products)
          .set({
            name: after.name,
            slug: after.slug,
            categoryId: after.category_id,
            productType: after.product_type as ProductCreate['product_type'] | undefined,
            country: after.country,
            region: after.region,
            varietal: after.varietal,
            vintage: after.vintage,
            abv: after.abv,
            description: after.description,
            tastingNotes: after.tasting_notes,
            foodPairing: after.food_pairing,
            awards: after.awards,
            isFeatured: after.is_featured,
            isNewArrival: after.is_new_arrival,
            isActive: after.is_active,
            // Listing an archived product brings it back.
            ...(after.is_active === true ? { archivedAt: null } : {}),
            version: sql`${products.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(products.id, id));
        await recordAudit(tx, actor, {
          kind: 'product.update',
          subjectType: 'product',
          subjectId: id,
          summary: `Edited ${Object.keys(after).join(', ').replaceAll('_', ' ')}`,
          before: diff.before,
          after: diff.after,
        });
        return load(tx, id);
      });
    },

    async remove(actor: AuditActor, id: number): Promise<ProductRemoval> {
      return db.transaction(async (tx) => {
        const current = await lockProduct(tx, id);
        if (await wasEverOrdered(tx, id)) {
          if (!current.archived_at) {
            await tx
              .update(products)
              .set({
                archivedAt: sql`now()`,
                isActive: false,
                version: sql`${products.version} + 1`,
                updatedAt: sql`now()`,
              })
              .where(eq(products.id, id));
            await recordAudit(tx, actor, {
              kind: 'product.archive',
              subjectType: 'product',
              subjectId: id,
              summary: `Archived ${current.name} (it was ordered: its order lines keep their copy)`,
              before: { is_active: current.is_active, archived: false },
              after: { is_active: false, archived: true },
            });
          }
          return { id, outcome: 'archived' };
        }
        await tx.delete(products).where(eq(products.id, id));
        await recordAudit(tx, actor, {
          kind: 'product.delete',
          subjectType: 'product',
          subjectId: id,
          summary: `Deleted ${current.name} (never ordered)`,
          before: editableFields(current),
        });
        return { id, outcome: 'deleted' };
      });
    },

    async addVariant(actor: AuditActor, productId: number, input: VariantCreate): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        await lockProduct(tx, productId);
        await checkSku(tx, input.sku);
        const sizes = await findVariantsOf(tx, [productId], true);
        const hasDefault = sizes.some((size) => size.is_default && size.retired_at === null);
        const [row] = await tx
          .insert(productVariants)
          .values({
            productId,
            sku: input.sku,
            name: input.name,
            volumeMl: input.volume_ml,
            packSize: input.pack_size,
            price: input.price,
            originalPrice: input.compare_at_price,
            lowStockThreshold: input.low_stock_threshold,
            // New sizes start empty: stock arrives through a movement ("received").
            stock: 0,
            sortOrder: Math.max(-1, ...sizes.map((size) => size.sort_order)) + 1,
          })
          .returning({ id: productVariants.id });
        // The first sellable size becomes the default, so the product can be listed.
        if (input.is_default || !hasDefault) await makeDefault(tx, productId, row!.id);
        const created = (await findVariant(tx, row!.id))!;
        await recordAudit(tx, actor, {
          kind: 'variant.create',
          subjectType: 'product',
          subjectId: productId,
          summary: `Added size ${created.name} (${created.sku}) at ${formatUGX(created.price)}`,
          after: { id: created.id, ...variantFields(created) },
        });
        return load(tx, productId);
      });
    },

    async updateVariant(actor: AuditActor, variantId: number, input: VariantUpdate): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const found = await findVariant(tx, variantId);
        if (!found) throw notFound('Size');
        await lockProduct(tx, found.product_id);
        const current = (await findVariant(tx, variantId, true))!;
        const price = input.price ?? current.price;
        const compareAt =
          input.compare_at_price === undefined ? current.original_price : input.compare_at_price;
        if (compareAt !== null && compareAt <= price) {
          throw field('compare_at_price', catalogAdminMessages.compareAt);
        }
        await checkSku(tx, input.sku, variantId);
        const retiring = input.retired === true && current.retired_at === null;
        const restoring = input.retired === false && current.retired_at !== null;
        const staysRetired = current.retired_at !== null && input.retired !== false;
        if (input.is_default === true && (input.retired === true || staysRetired)) {
          throw field('is_default', catalogAdminMessages.retiredDefault);
        }
        if (input.is_default === false && current.is_default && !retiring) {
          throw field('is_default', 'choose another size as the default instead');
        }
        const sizes = await findVariantsOf(tx, [current.product_id], true);
        const others = sizes.filter((size) => size.id !== variantId && size.retired_at === null);
        if (retiring && others.length === 0) throw field('retired', catalogAdminMessages.lastSize);

        const before = variantFields(current);
        if (retiring && current.is_default) {
          // The default moves to the next sellable size before this one retires.
          await makeDefault(tx, current.product_id, others[0]!.id);
        }
        await tx
          .update(productVariants)
          .set({
            sku: input.sku,
            name: input.name,
            volumeMl: input.volume_ml,
            packSize: input.pack_size,
            price: input.price,
            originalPrice: input.compare_at_price,
            lowStockThreshold: input.low_stock_threshold,
            ...(retiring ? { retiredAt: sql`now()`, isDefault: false } : {}),
            ...(restoring ? { retiredAt: null } : {}),
          })
          .where(eq(productVariants.id, variantId));
        if (input.is_default === true && !current.is_default)
          await makeDefault(tx, current.product_id, variantId);
        // A retired size is no longer sold: it leaves the carts that hold it.
        if (retiring) await tx.delete(cartItems).where(eq(cartItems.variantId, variantId));

        const updated = (await findVariant(tx, variantId))!;
        const diff = changedFields(before, variantFields(updated));
        if (diff) {
          const changes: string[] = [];
          if (diff.after.price !== undefined) {
            changes.push(`price ${formatUGX(before.price)} → ${formatUGX(updated.price)}`);
          }
          if (diff.after.compare_at_price !== undefined) {
            const show = (value: number | null | undefined) => (value == null ? 'none' : formatUGX(value));
            changes.push(`compare-at ${show(before.compare_at_price)} → ${show(updated.original_price)}`);
          }
          if (retiring) changes.push('retired');
          if (restoring) changes.push('brought back');
          const rest = Object.keys(diff.after).filter(
            (key) => !['price', 'compare_at_price', 'retired'].includes(key),
          );
          if (rest.length > 0) changes.push(`edited ${rest.join(', ').replaceAll('_', ' ')}`);
          await recordAudit(tx, actor, {
            kind: retiring ? 'variant.retire' : 'variant.update',
            subjectType: 'product',
            subjectId: current.product_id,
            summary: `Size ${updated.name} (${updated.sku}): ${changes.join('; ')}`,
            before: { id: variantId, ...diff.before },
            after: { id: variantId, ...diff.after },
          });
        }
        return load(tx, current.product_id);
      });
    },

    async reorderVariants(actor: AuditActor, productId: number, ids: number[]): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        await lockProduct(tx, productId);
        const sizes = await findVariantsOf(tx, [productId], true);
        const known = new Set(sizes.map((size) => size.id));
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          ids.some((id) => !known.has(id))
        ) {
          throw field('ids', catalogAdminMessages.orderIds);
        }
        const before = sizes.map((size) => size.id);
        if (JSON.stringify(before) === JSON.stringify(ids)) return load(tx, productId);
        await tx.execute(sql`
          UPDATE product_variants v SET sort_order = o.position
          FROM unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) WITH ORDINALITY AS o(id, position)
          WHERE v.id = o.id AND v.product_id = ${productId}`);
        const names = new Map(sizes.map((size) => [size.id, size.name]));
        await recordAudit(tx, actor, {
          kind: 'variant.reorder',
          subjectType: 'product',
          subjectId: productId,
          summary: `Sizes reordered: ${ids.map((id) => names.get(id)).join(', ')}`,
          before: { order: before },
          after: { order: ids },
        });
        return load(tx, productId);
      });
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
