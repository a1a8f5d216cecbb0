/**
 * What a payment provider puts in the return URL: our `tx_ref` (the sandbox and Flutterwave),
 * and Flutterwave's `status` and `transaction_id`. Plain code without zod (the router imports it);
 * anything odd is dropped, and the server verifies whatever is left.
 */
export type PaymentReturnSearch = {
  tx_ref?: string | undefined;
  status?: string | undefined;
  transaction_id?: string | undefined;
};

const REFERENCE = /^[A-Za-z0-9_-]{1,100}$/;

function clean(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  // Some providers append "?status=…" to a URL that already has a query: keep what comes first.
  const text = String(value).split('?')[0]?.trim() ?? '';
  return REFERENCE.test(text) ? text : undefined;
}

export function validatePaymentReturnSearch(search: Record<string, unknown>): PaymentReturnSearch {
  return {
    tx_ref: clean(search.tx_ref),
    status: clean(search.status),
    transaction_id: clean(search.transaction_id),
  };
}
