import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';

// Saving a product adds its new words to catalog_words (the typo corrector's dictionary). Two saves
// at once that share new words used to deadlock now and then (each inserted them in hash order).
let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 8 });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** A fixed-seed generator, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('products saved at the same moment', () => {
  it('sharing new words, in any order, are all saved and every word reaches the dictionary', async () => {
    const random = seeded(20_261_127);
    // Only words not yet in the dictionary make the savers wait for each other: each round has its own.
    const sharedIn = (round: number) => Array.from({ length: 48 }, (_, i) => `tannat${round}x${i}`);
    const words = (round: number, saver: number) => {
      const picked = sharedIn(round)
        .filter(() => random() < 0.6)
        .sort(() => random() - 0.5);
      return `${picked.join(' ')} round${round}saver${saver}`;
    };
    const category = await createCategory(pool);
    const rounds = 40;
    const savers = 6;
    for (let round = 0; round < rounds; round++) {
      const saves = Array.from({ length: savers }, (_, saver) =>
        createProduct(pool, {
          categoryId: category.id,
          name: `Cuvée ${round}-${saver}`,
          description: words(round, saver),
          tastingNotes: words(round, saver),
        }),
      );
      // A deadlock rejects one of them with "deadlock detected".
      await Promise.all(saves);
    }
    const saved = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM products');
    expect(saved.rows[0]?.count).toBe(rounds * savers);
    const known = await pool.query<{ word: string }>(
      `SELECT word FROM catalog_words WHERE word LIKE 'tannat%' OR word LIKE 'round%'`,
    );
    const dictionary = new Set(known.rows.map((row) => row.word));
    const missing = Array.from({ length: rounds }, (_, round) => sharedIn(round))
      .flat()
      .filter((word) => !dictionary.has(word));
    // A word no saver picked is not expected; with 6 savers picking 60 % each, that is 0.4 % of them.
    expect(missing.length).toBeLessThan(rounds * 48 * 0.02);
    expect(dictionary.has(`round${rounds - 1}saver${savers - 1}`)).toBe(true);
  });
});
