import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondInstance } from '../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { App } from '../app';
import { createJobs } from './jobs';

/**
 * The job queue on the real PostgreSQL: jobs run once across instances, failures are retried,
 * schedules fire once per slot whoever runs them, and the queue stops cleanly with the app.
 */

type Seen = { instance: string; data: { n: number } };
const seen = new Map<string, Seen[]>();
const failOnce = new Set<number>();

const record = (queue: string, entry: Seen) => {
  const list = seen.get(queue) ?? [];
  list.push(entry);
  seen.set(queue, list);
};

/** The same queues on every instance, as a feature plugin would declare them. */
function declareQueues(app: App, instance: string) {
  app.jobs.work<{ n: number }>(
    'test.count',
    async (data) => {
      record('test.count', { instance, data });
    },
    { pollingIntervalSeconds: 0.5, batchSize: 5 },
  );
  app.jobs.work<{ n: number }>(
    'test.flaky',
    async (data) => {
      if (failOnce.delete(data.n)) throw new Error('the mail server is down');
      record('test.flaky', { instance, data });
    },
    { retryLimit: 2, retryDelay: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 },
  );
  app.jobs.schedule(
    'test.tick',
    '* * * * *',
    async () => {
      record('test.tick', { instance, data: { n: Date.now() } });
    },
    { pollingIntervalSeconds: 0.5 },
  );
}

async function until(check: () => boolean, timeoutMs = 20_000, refresh?: () => Promise<void>) {
  const deadline = Date.now() + timeoutMs;
  await refresh?.();
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await refresh?.();
  }
}

async function untilState(queue: string, id: string, state: string) {
  let last: string | undefined;
  await until(
    () => last === state,
    20_000,
    async () => {
      last = (await harness.app.jobs.boss.getJobById(queue, id))?.state;
    },
  );
}

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({}, (app) => {
    declareQueues(app, 'a');
    // Sent to here, worked only by the second instance of the last test.
    app.jobs.queue('test.only-b');
  });
});
afterAll(() => harness?.close());

describe('app.jobs', () => {
  it('runs a sent job once, on the instance that sent it without waiting for a poll', async () => {
    const id = await harness.app.jobs.send('test.count', { n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => (seen.get('test.count') ?? []).some((entry) => entry.data.n === 1));
    await untilState('test.count', id!, 'completed');
    expect(seen.get('test.count')?.filter((entry) => entry.data.n === 1)).toEqual([
      { instance: 'a', data: { n: 1 } },
    ]);
  });

  it('writes a job in a transaction: it exists once that transaction commits, never if it rolls back', async () => {
    seen.delete('test.count');
    await expect(
      harness.app.db.transaction(async (tx) => {
        await harness.app.jobs.send('test.count', { n: 41 }, { tx });
        throw new Error('checkout refused');
      }),
    ).rejects.toThrow('checkout refused');
    const id = await harness.app.db.transaction(async (tx) => {
      const sent = await harness.app.jobs.send('test.count', { n: 42 }, { tx });
      // Not visible outside the transaction before the commit.
      const outside = await harness.database.pool.query(
        'SELECT count(*)::int AS count FROM pgboss.job WHERE id = $1',
        [sent],
      );
      expect(outside.rows[0].count).toBe(0);
      return sent;
    });
    harness.app.jobs.wake('test.count');
    await untilState('test.count', id!, 'completed');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(seen.get('test.count')?.map((entry) => entry.data.n)).toEqual([42]);
  });

  it('lets the app start without its database, and starts the queue once the database answers', async () => {
    let refusals = 2;
    const flaky = {
      connect: (async () => {
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        }
        return harness.database.pool.connect();
      }) as pg.Pool['connect'],
    };
    const log = {
      error: () => undefined,
      warn: () => undefined,
      info: () => undefined,
      debug: () => undefined,
    };
    const queue = createJobs({
      pool: flaky,
      enabled: true,
      log,
      shutdownTimeoutMs: 2_000,
      readyTimeoutMs: 200,
    });
    const done: number[] = [];
    queue.jobs.work<{ n: number }>('test.late', async ({ n }) => {
      done.push(n);
    });
    await queue.start();
    // Not started yet: a send says so instead of hanging.
    await expect(queue.jobs.send('test.late', { n: 1 })).rejects.toThrow(/not available/);
    // It tries again by itself (after 1 s, then 2 s): a send succeeds once it has started.
    let sent: string | null = null;
    const deadline = Date.now() + 15_000;
    while (!sent && Date.now() < deadline) {
      sent = await queue.jobs.send('test.late', { n: 2 }).catch(() => null);
    }
    expect(refusals).toBe(0);
    await until(() => done.includes(2));
    expect(done).toEqual([2]);
    await queue.stop();
  });

  it('drops the completion of a job that outlived the shutdown deadline, instead of using the ended pool', async () => {
    let ended = false;
    const pool = {
      connect: (async () => {
        if (ended) throw new Error('Cannot use a pool after calling end on the pool');
        return harness.database.pool.connect();
      }) as pg.Pool['connect'],
    };
    const warnings: string[] = [];
    const log = {
      error: () => undefined,
      warn: (message: unknown) => void warnings.push(String(message)),
      info: () => undefined,
      debug: () => undefined,
    };
    const queue = createJobs({ pool, enabled: true, log, shutdownTimeoutMs: 200 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    queue.jobs.work<{ n: number }>('test.slow', async () => gate, { pollingIntervalSeconds: 0.5 });
    await queue.start();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const id = await queue.jobs.send('test.slow', { n: 1 });
      await untilState('test.slow', id!, 'active');
      await queue.stop();
      ended = true;
      open();
      await until(() => warnings.some((warning) => warning.includes('after the shutdown deadline')));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
      // Not completed: pg-boss failed it at the deadline, so it runs again.
      expect((await harness.app.jobs.boss.getJobById('test.slow', id!))?.state).toBe('retry');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('refuses to send to a queue nobody declared', async () => {
    await expect(harness.app.jobs.send('test.unknown', { n: 1 })).rejects.toThrow(/not declared/);
  });

  it('retries a job that fails, and completes it once it succeeds', async () => {
    failOnce.add(7);
    const id = await harness.app.jobs.send('test.flaky', { n: 7 });
    await until(() => (seen.get('test.flaky') ?? []).length === 1);
    await until(() => false === failOnce.has(7));
    const job = await harness.app.jobs.boss.getJobById('test.flaky', id!);
    expect(job?.retryCount).toBe(1);
  });

  it('runs each job exactly once across two instances, and a web-only instance runs none', async () => {
    const b = await secondInstance(harness, { extend: (app) => declareQueues(app, 'b') });
    const web = await secondInstance(harness, {
      config: { JOBS_ENABLED: false },
      extend: (app) => declareQueues(app, 'web'),
    });
    try {
      expect(web.app.jobs.enabled).toBe(false);
      seen.delete('test.count');
      const sends = [];
      for (let n = 100; n < 160; n++) {
        const sender = [harness.app, b.app, web.app][n % 3]!;
        sends.push(sender.jobs.send('test.count', { n }));
      }
      await Promise.all(sends);
      await until(() => (seen.get('test.count') ?? []).length >= 60);
      // Give any duplicate the time to show up.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const entries = seen.get('test.count') ?? [];
      expect(entries).toHaveLength(60);
      expect(new Set(entries.map((entry) => entry.data.n)).size).toBe(60);
      expect(entries.some((entry) => entry.instance === 'web')).toBe(false);
      const instances = new Set(entries.map((entry) => entry.instance));
      expect(instances).toEqual(new Set(['a', 'b']));
    } finally {
      await web.close();
      await b.close();
    }
  });

  it('fires a schedule once per slot, however many instances run it', async () => {
    const b = await secondInstance(harness, { extend: (app) => declareQueues(app, 'b') });
    try {
      await until(() => (seen.get('test.tick') ?? []).length >= 1, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      // One run per minute slot: two runs of one slot (one per instance) would come seconds apart;
      // runs of consecutive slots come about a minute apart (less the ~13 s a run may lag its slot).
      const runs = (seen.get('test.tick') ?? []).map((entry) => entry.data.n).sort((x, y) => x - y);
      expect(runs.length).toBeGreaterThanOrEqual(1);
      for (let index = 1; index < runs.length; index++) {
        expect(runs[index]! - runs[index - 1]!).toBeGreaterThan(40_000);
      }
      const schedules = await harness.app.jobs.boss.getSchedules();
      expect(schedules.map((schedule) => schedule.name)).toContain('orders.expire-unpaid');
    } finally {
      await b.close();
    }
  }, 50_000);

  it('lets a running job finish when its instance closes, and then runs nothing more there', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const finished: number[] = [];
    const b = await secondInstance(harness, {
      extend: (app) => {
        declareQueues(app, 'b');
        app.jobs.work<{ n: number }>('test.only-b', async ({ n }) => {
          await gate;
          finished.push(n);
        });
      },
    });
    const id = await b.app.jobs.send('test.only-b', { n: 1 });
    await untilState('test.only-b', id!, 'active');
    const closing = b.close();
    setTimeout(open, 300);
    await closing;
    expect(finished).toEqual([1]);
    await untilState('test.only-b', id!, 'completed');

    // Nobody works that queue any more: a job sent now waits.
    const later = await harness.app.jobs.send('test.only-b', { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await harness.app.jobs.boss.getJobById('test.only-b', later!))?.state).toBe('created');
    expect(finished).toEqual([1]);
  });
});
