import { z } from 'zod';

/** Machine-readable error codes used in the error envelope. */
export const errorCodes = [
  'bad_request',
  'invalid_json',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'password_change_required',
  'not_found',
  'method_not_allowed',
  'conflict',
  'gone',
  'out_of_stock',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldErrorSchema = z.object({
  field: z.string().describe('Where the bad value is, e.g. "quantity" or "items.0.product"'),
  message: z.string().describe('Why it was refused'),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error the API answers has this shape. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * How a request failed, seen from the client. `status` is the HTTP status when the server
 * answered; `no_response` when it could not be reached; `timeout` after 10 seconds.
 */
export type RequestFailure =
  | { kind: 'status'; status: number }
  | { kind: 'no_response' }
  | { kind: 'timeout' }
  | { kind: 'unknown' };

/** The toast messages of docs/product.md section 8, in one table. */
export const failureMessages = {
  401: 'Your session has expired. Please log in again.',
  403: "You don't have permission to perform this action.",
  404: 'The requested information could not be found.',
  422: 'Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  server: 'Our servers are experiencing issues. Please try again later.',
  noResponse: 'Unable to connect to the server. Please check your internet connection.',
  timeout: 'The request took too long. Please check your connection and try again.',
  otherwise: 'Something went wrong. Please try again.',
} as const;

const serverStatuses = new Set([500, 502, 503, 504]);

export function failureMessage(failure: RequestFailure): string {
  switch (failure.kind) {
    case 'no_response':
      return failureMessages.noResponse;
    case 'timeout':
      return failureMessages.timeout;
    case 'unknown':
      return failureMessages.otherwise;
    case 'status': {
      const { status } = failure;
      if (status === 401 || status === 403 || status === 404 || status === 422 || status === 429) {
        return failureMessages[status];
      }
      if (serverStatuses.has(status)) return failureMessages.server;
      return failureMessages.otherwise;
    }
  }
}

/** Other user-facing messages of docs/product.md section 8. */
export const cartMessages = {
  load: 'Failed to load cart',
  add: 'Failed to add item to cart',
  update: 'Failed to update cart item',
  remove: 'Failed to remove cart item',
  clear: 'Failed to clear cart',
  checkout: 'Failed to checkout',
  addToast: 'Failed to add item to cart. Please try again.',
  added: (productName: string) => `${productName} added to cart!`,
} as const;

export const productStoreMessages = {
  categories: 'failed to load categories',
  products: 'failed to load products',
  featured: 'failed to load featured products',
} as const;

/** docs/product.md section 5. */
export const signInRequiredMessage = (action: string) => `Please sign in to ${action}`;

export const newsletterMessages = {
  empty: 'Please enter your email',
  success: 'Subscribed successfully!',
  failure: 'Failed to subscribe. Please try again.',
} as const;

export const deliveryInstructionMessages = {
  preferredTimeRequired: 'Preferred delivery time is required',
  contactPreferenceRequired: 'Contact preference is required',
} as const;
