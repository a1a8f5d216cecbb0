import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { connectDatabase, type DatabaseHandle } from './client';
import { executeNamed } from './named-statement';

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  handle = connectDatabase(testDatabase.url, 2);
});
afterAll(async () => {
  await handle?.close();
  await testDatabase?.drop();
});

const sample = (id: number) => sql`
  SELECT ${id}::int AS id, '2026-11-24 10:00:00+00'::timestamptz AS at, 12.50::numeric AS amount,
         7::bigint AS total, ARRAY['2026-11-24'::date] AS days`;

describe('named statements', () => {
  it('answer the same rows as db.execute, on the pool and inside a transaction', async () => {
    const expected = (await handle.db.execute(sample(1))).rows;
    expect(await executeNamed(handle.db, 'named_statement_test', sample(1))).toEqual(expected);
    await handle.db.transaction(async (tx) => {
      expect(await executeNamed(tx, 'named_statement_test', sample(1))).toEqual(expected);
    });
    // Dates stay text, as db.execute leaves them; bigint counts are numbers (client.ts).
    expect(expected[0]).toMatchObject({ at: expect.any(String), total: 7, amount: '12.50' });
  });

  it('are prepared once per connection and reused with other values', async () => {
    // One connection, so the statement's session is the one asked.
    const single = connectDatabase(testDatabase.url, 1);
    try {
      for (let id = 1; id <= 5; id++) {
        expect(await executeNamed(single.db, 'named_statement_reuse', sample(id))).toMatchObject([{ id }]);
      }
      const { rows } = await single.pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
      expect(rows.map((row) => row.name)).toEqual(['named_statement_reuse']);
    } finally {
      await single.close();
    }
  });
});
