import { RIDER_QUEUE_STORAGE_KEY } from '@shop/contract/browser-storage';
import type { RiderAction } from '@shop/contract/rider';

/**
 * The rider's actions waiting to be sent (decision 0026): kept in localStorage so that an action
 * taken without a network survives a reload, and sent in order when the phone is back online.
 * Each carries its `action_id`, so sending one twice (an answer lost on the way) does it once.
 */

export type QueuedAction = RiderAction & { queued_at: string; label: string };

const KEY = RIDER_QUEUE_STORAGE_KEY;

export function readQueue(storage: Storage = localStorage): QueuedAction[] {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as QueuedAction[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedAction[], storage: Storage) {
  storage.setItem(KEY, JSON.stringify(queue));
}

export function enqueue(action: QueuedAction, storage: Storage = localStorage): QueuedAction[] {
  const queue = readQueue(storage).filter((entry) => entry.action_id !== action.action_id);
  queue.push(action);
  writeQueue(queue, storage);
  return queue;
}

export function remove(actionId: string, storage: Storage = localStorage): QueuedAction[] {
  const queue = readQueue(storage).filter((entry) => entry.action_id !== actionId);
  writeQueue(queue, storage);
  return queue;
}

/** What sending one action came to: an answer (kept or refused) leaves the queue; no network keeps it. */
export type SendOutcome = { kind: 'answered'; ok: boolean; message: string } | { kind: 'offline' };

/**
 * Sends the queue in order, stopping at the first action that gets no answer (still offline).
 * Answers the messages of the actions answered.
 */
export async function flushQueue(
  send: (action: RiderAction) => Promise<SendOutcome>,
  storage: Storage = localStorage,
): Promise<Array<{ label: string; ok: boolean; message: string }>> {
  const answered: Array<{ label: string; ok: boolean; message: string }> = [];
  for (const entry of readQueue(storage)) {
    const { queued_at: _queuedAt, label, ...action } = entry;
    const outcome = await send(action as RiderAction);
    if (outcome.kind === 'offline') break;
    remove(entry.action_id, storage);
    answered.push({ label, ok: outcome.ok, message: outcome.message });
  }
  return answered;
}

export const newActionId = (): string => crypto.randomUUID();
