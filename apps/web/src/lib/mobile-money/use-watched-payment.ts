import type { Transaction } from '@shop/contract/payments';
import { useEffect, useState } from 'react';
import { pollDelay } from './poll-delay';
import { verifyPayment } from './verify-payment';

/**
 * Follows a pending transaction live: asks the server to verify it with the provider after 3 s,
 * then less and less often (up to every 15 s), until it is no longer pending. A failed check
 * (no network for a moment) is simply tried again later. Answers the latest state, and a setter
 * for a transaction that replaces it (a retry).
 */
export function useWatchedPayment(initial: Transaction | null) {
  const [current, setCurrent] = useState<Transaction | null>(initial);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const id = current?.id;
  const pending = current?.status === 'pending';

  useEffect(() => {
    if (!id || !pending) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const check = async () => {
      try {
        const next = await verifyPayment(id, controller.signal);
        if (controller.signal.aborted) return;
        setCurrent(next);
        setCheckedAt(new Date());
        if (next.status !== 'pending') return;
      } catch {
        if (controller.signal.aborted) return;
      }
      attempt += 1;
      timer = setTimeout(() => void check(), pollDelay(attempt));
    };
    timer = setTimeout(() => void check(), pollDelay(0));
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, pending]);

  return { transaction: current, checkedAt, replace: setCurrent };
}
