import {
  addCartItemRequestSchema,
  type Cart,
  cartSchema,
  MAX_CART_ITEM_QUANTITY,
  removeCartItemRequestSchema,
  updateCartItemRequestSchema,
} from '@shop/contract/cart';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireVisitor } from '../../plugins/auth';
import {
  addItem,
  clearCart,
  getCart,
  removeItem,
  updateItem,
  withFreeDeliveryThreshold,
} from './cart.service';

const refused = {
  401: errorEnvelopeSchema.describe('No session (start one with POST /auth/sign-in/anonymous)'),
  404: errorEnvelopeSchema.describe('Unknown or withdrawn product or size, or not a line of your cart'),
  409: errorEnvelopeSchema.describe(
    'out_of_stock: the stock does not cover the quantity (the message names what is left); conflict: the cart is full',
  ),
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};
const rules =
  `Quantities are whole numbers from 1 to ${MAX_CART_ITEM_QUANTITY} per size. A refused change changes ` +
  'nothing. Answers the whole cart, with the catalog’s current prices and stock.';

/**
 * The cart of docs/product.md section 7, for any session: anonymous visitors keep a cart too, merged
 * into their account when they sign in. Checkout (`/orders/cart/checkout/`) is in the orders module.
 */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Every answer carries the shop's free-delivery threshold as it is now. */
  const answer = async (cart: Cart) =>
    withFreeDeliveryThreshold(cart, (await app.shopSettings.current()).free_delivery_threshold);
  const common = { tags: ['cart'], security: [{ bearer: [] }] };

  app.get(
    '/orders/cart/my_cart/',
    {
      preValidation: requireVisitor,
      schema: {
        ...common,
        summary: 'The cart of the session, with current prices and stock',
        response: { 200: cartSchema, 401: refused[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(await getCart(app.db, currentAuth(request).user.id));
    },
  );

  app.post(
    '/orders/cart/add_item/',
    {
      preValidation: requireVisitor,
      schema: {
        ...common,
        summary: 'Add bottles of a size (the product’s default size when variant is left out)',
        description: `Adds to the line of that size when the cart has one. ${rules}`,
        body: addCartItemRequestSchema,
        response: { 200: cartSchema, ...refused },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(await addItem(app.db, currentAuth(request).user.id, request.body));
    },
  );

  app.post(
    '/orders/cart/update_item/',
    {
      preValidation: requireVisitor,
      schema: {
        ...common,
        summary: 'Set the quantity of a line, or move it to another size of the same product',
        description: `Moving to a size already in the cart joins the two lines. ${rules}`,
        body: updateCartItemRequestSchema,
        response: { 200: cartSchema, ...refused },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(await updateItem(app.db, currentAuth(request).user.id, request.body));
    },
  );

  app.post(
    '/orders/cart/remove_item/',
    {
      preValidation: requireVisitor,
      schema: {
        ...common,
        summary: 'Remove a line',
        body: removeCartItemRequestSchema,
        response: { 200: cartSchema, 401: refused[401], 404: refused[404], 422: refused[422] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(await removeItem(app.db, currentAuth(request).user.id, request.body.item_id));
    },
  );

  app.post(
    '/orders/cart/clear/',
    {
      preValidation: requireVisitor,
      schema: {
        ...common,
        summary: 'Remove every line',
        response: { 200: cartSchema, 401: refused[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(await clearCart(app.db, currentAuth(request).user.id));
    },
  );
};

export default cartRoutes;
