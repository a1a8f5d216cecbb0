import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work that must wait until a better-auth request has committed: domain events and clean-up.
 *
 * better-auth runs its endpoints (and our hooks inside them) in database transactions. The
 * Fastify bridge runs each request inside {@link runAuthRequest}; hooks call
 * {@link afterAuthRequest}, and the queued tasks run, in order, once better-auth has answered
 * and before the answer is sent (so a cart merged on sign-in is there when the client loads it).
 * Outside a bridged request (server-side `auth.api` calls), a task runs at once.
 */
type Scope = { tasks: Array<() => Promise<void>> };

const scope = new AsyncLocalStorage<Scope>();

export function afterAuthRequest(task: () => Promise<void>): Promise<void> {
  const current = scope.getStore();
  if (current) {
    current.tasks.push(task);
    return Promise.resolve();
  }
  return task();
}

export async function runAuthRequest<T>(
  work: () => Promise<T>,
  onTaskError: (error: unknown) => void,
): Promise<T> {
  const current: Scope = { tasks: [] };
  const result = await scope.run(current, work);
  // Tasks may queue more tasks; run until none is left.
  while (current.tasks.length > 0) {
    const task = current.tasks.shift();
    try {
      await task?.();
    } catch (error) {
      onTaskError(error);
    }
  }
  return result;
}
