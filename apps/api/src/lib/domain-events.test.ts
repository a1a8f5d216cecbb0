import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainEvents } from './domain-events';

const quietLog = () => {
  const errors: unknown[] = [];
  return { errors, log: { error: (details: unknown) => errors.push(details) } };
};

describe('domain events', () => {
  it('runs handlers in order, after one another, and answers when all have run', async () => {
    const { log } = quietLog();
    const events = new DomainEvents(log);
    const order: string[] = [];
    events.subscribe('identity.account_linked', async ({ userId }) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push(`first ${userId}`);
    });
    events.subscribe('identity.account_linked', ({ userId }) => {
      order.push(`second ${userId}`);
    });
    const result = await events.publish('identity.account_linked', { anonymousUserId: 'a', userId: 'u' });
    expect(order).toEqual(['first u', 'second u']);
    expect(result).toEqual({ handlers: 2, failed: 0 });
  });

  it('logs a failing handler and never breaks the publisher or the other handlers', async () => {
    const { log, errors } = quietLog();
    const events = new DomainEvents(log);
    const seen: string[] = [];
    events.subscribe('identity.account_linked', () => {
      throw new Error('boom');
    });
    events.subscribe('identity.account_linked', async () => {
      await Promise.reject(new Error('async boom'));
    });
    events.subscribe('identity.account_linked', ({ userId }) => {
      seen.push(userId);
    });
    const result = await events.publish('identity.account_linked', { anonymousUserId: 'a', userId: 'u' });
    expect(result).toEqual({ handlers: 3, failed: 2 });
    expect(seen).toEqual(['u']);
    expect(errors).toHaveLength(2);
  });

  it('unsubscribes', async () => {
    const events = new DomainEvents(quietLog().log);
    let calls = 0;
    const off = events.subscribe('identity.account_linked', () => {
      calls += 1;
    });
    off();
    expect(await events.publish('identity.account_linked', { anonymousUserId: 'a', userId: 'u' })).toEqual({
      handlers: 0,
      failed: 0,
    });
    expect(calls).toBe(0);
  });

  describe('in a transaction', () => {
    let harness: TestApp;
    beforeAll(async () => {
      harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
      await harness.app.db.execute(sql`create table event_probe (id int primary key)`);
    });
    afterAll(() => harness?.close());

    it('dispatches after commit, when the written rows are visible to handlers', async () => {
      const { app } = harness;
      const visible: number[] = [];
      const off = app.events.subscribe('identity.account_linked', async () => {
        const { rows } = await app.pool.query('select count(*)::int as n from event_probe where id = 1');
        visible.push(rows[0].n);
      });
      try {
        await app.events.transaction(app.db, async (tx, outbox) => {
          await tx.execute(sql`insert into event_probe values (1)`);
          outbox.publish('identity.account_linked', { anonymousUserId: 'a', userId: 'u' });
          expect(visible).toEqual([]);
        });
        expect(visible).toEqual([1]);
      } finally {
        off();
      }
    });

    it('drops the events of a rolled-back transaction', async () => {
      const { app } = harness;
      let calls = 0;
      const off = app.events.subscribe('identity.account_linked', () => {
        calls += 1;
      });
      try {
        await expect(
          app.events.transaction(app.db, async (tx, outbox) => {
            await tx.execute(sql`insert into event_probe values (2)`);
            outbox.publish('identity.account_linked', { anonymousUserId: 'a', userId: 'u' });
            throw new Error('rollback');
          }),
        ).rejects.toThrow('rollback');
        expect(calls).toBe(0);
      } finally {
        off();
      }
    });
  });
});
