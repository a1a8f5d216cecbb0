import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { connectionLossReason, isDatabaseUnavailable, throttledReporter } from './connection-loss';

const withCode = (code: string, message = 'failed', extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('what counts as a lost database', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset', withCode('ECONNRESET', 'read ECONNRESET')],
    ['broken pipe', withCode('EPIPE', 'write EPIPE')],
    [
      'terminated by an administrator',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash shutdown', withCode('57P02')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    [
      'a Unix socket that is gone',
      withCode('ENOENT', 'connect ENOENT /x/.s.PGSQL.5432', { syscall: 'connect' }),
    ],
    ['cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
  ])('%s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through the wrapper Drizzle puts around the driver error, and logs only the driver words', () => {
    const wrapped = new Error('Failed query: select * from users where phone = $1\nparams: +256700000000', {
      cause: withCode('57P01', 'terminating connection due to administrator command'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(connectionLossReason(wrapped)).toBe('57P01: terminating connection due to administrator command');
    expect(connectionLossReason(wrapped)).not.toContain('+256');
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a check violation', withCode('23514')],
    ['a file that is missing', withCode('ENOENT', 'no such file', { syscall: 'open' })],
    ['a bug', new TypeError('cannot read properties of undefined')],
    [
      'a wrapper whose query merely quotes the words',
      new Error('Failed query: Connection terminated', { cause: withCode('23505') }),
    ],
  ])('not %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('throttled reports', () => {
  it('reports the first at once, then at most one per interval with the count left out', () => {
    const lines: string[] = [];
    const report = throttledReporter((line) => lines.push(line), 60_000);
    for (let index = 0; index < 50; index++) report('lost');
    expect(lines).toEqual(['lost']);
  });
});

describe('reconnection back-off', () => {
  const bounds = { minMs: 250, maxMs: 5_000 };

  it('doubles from the minimum and never passes the cap', () => {
    const highest = (attempt: number) => backoffDelay(bounds, attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 10, 100].map(highest)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('is jittered between half and all of the step', () => {
    expect(backoffDelay(bounds, 3, () => 0)).toBe(1000);
    expect(backoffDelay(bounds, 3, () => 0.5)).toBe(1500);
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(bounds, 3)));
    expect(delays.size).toBeGreaterThan(1);
  });
});
