import {
  BACK_OFFICE_SEARCH_HITS,
  type BackOfficeSearch,
  backOfficeSearchQuerySchema,
  backOfficeSearchSchema,
} from '@shop/contract/back-office';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { requireStaff } from '../../plugins/auth';
import { containing, customerConditions } from '../people/people.repository';
import { skuStarting } from '../stock/stock.repository';

/**
 * A few hits of each kind, each on an index: a product's folded name on products_search_trgm_idx,
 * a SKU's start on the SKUs' unique index (SKUs are upper case), an order number on
 * orders_order_number_trgm_idx, a customer as the customers' list finds them (trigram indexes).
 */
async function search(db: Database, q: string): Promise<BackOfficeSearch> {
  const [products, orders, customers] = await Promise.all([
    db.execute<BackOfficeSearch['products'][number]>(sql`
      SELECT id, name, sku FROM (
        SELECT DISTINCT ON (id) id, name, sku, rank FROM (
          SELECT p.id, p.name, v.sku, 0 AS rank
          FROM product_variants v JOIN products p ON p.id = v.product_id
          WHERE v.sku LIKE ${skuStarting(q)}
          UNION ALL
          SELECT p.id, p.name, NULL, 1 FROM products p WHERE p.search_text ILIKE ${containing(q)}
        ) found ORDER BY id, rank
      ) hits ORDER BY rank, name, id
      LIMIT ${BACK_OFFICE_SEARCH_HITS}`),
    db.execute<BackOfficeSearch['orders'][number]>(sql`
      SELECT id, order_number, contact_name FROM orders
      WHERE order_number ILIKE ${containing(q)}
      ORDER BY created_at DESC, id DESC
      LIMIT ${BACK_OFFICE_SEARCH_HITS}`),
    db.execute<BackOfficeSearch['customers'][number]>(sql`
      SELECT u.id, u.name, u.email FROM users u WHERE ${customerConditions({ q })}
      ORDER BY u.created_at DESC, u.id DESC
      LIMIT ${BACK_OFFICE_SEARCH_HITS}`),
  ]);
  return { products: products.rows, orders: orders.rows, customers: customers.rows };
}

/** The back office's one search box (staff): products, orders and customers at once. */
export const backOfficeSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/search/',
    {
      preValidation: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Products by name or SKU, orders by number, customers by name, e-mail or phone (staff)',
        security: [{ bearer: [] }],
        querystring: backOfficeSearchQuerySchema,
        response: {
          200: backOfficeSearchSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          403: errorEnvelopeSchema.describe('Not staff'),
          422: errorEnvelopeSchema.describe('No text, or too long: the field is named with the reason'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return search(app.db, request.query.q);
    },
  );
};
