import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase, type DatabaseHandle } from '../db/client';

const DATE_OF_BIRTH = '1987-03-14';
const PHONE = '+256772123456';
const ADDRESS = 'Plot 12 Kira Road, Kamwokya';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(chunk.toString());
    callback();
  },
});

let app: App;
let database: DatabaseHandle;
let testDatabase: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  database = connectDatabase(testDatabase.url, 2);
  app = await buildApp({ config, database, logStream: capture });
  // A handler whose query fails with customers' personal data as parameters (a wrong cast).
  app.post('/test/failing-query', async () =>
    app.db.execute(sql`select ${DATE_OF_BIRTH}::int, ${PHONE}::int, ${ADDRESS}::int`),
  );
  // One transaction: a temporary table lives on one of the pool's connections only.
  app.post('/test/unique-violation', async () =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table people (phone text primary key) on commit drop`);
      await tx.execute(sql`insert into people values (${PHONE})`);
      return tx.execute(sql`insert into people values (${PHONE})`);
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await testDatabase?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the log never carries query parameters or request bodies', () => {
  it('logs a failed query (500) with its SQL but none of its parameters or quoted values', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/test/failing-query',
      payload: { date_of_birth: DATE_OF_BIRTH, phone: PHONE, address: ADDRESS },
    });
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('::int'); // the SQL text is kept: it only has placeholders
    expect(log).toContain('invalid input syntax for type integer');
    for (const personal of [DATE_OF_BIRTH, PHONE, ADDRESS]) expect(log).not.toContain(personal);
  });

  it("drops PostgreSQL's detail, which spells out the duplicate key", async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'POST', url: '/test/unique-violation' });
    // A unique clash is the client's conflict (db/unique-violations.ts), named by its columns.
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('phone');
    expect(response.body).not.toContain(PHONE);
    const log = lines.join('');
    expect(log).toContain('"statusCode":409');
    expect(log).not.toContain(PHONE);
  });

  it('censors bodies and parameters logged as objects, and errors passed as details', () => {
    lines.length = 0;
    const error = Object.assign(new Error(`Failed query: select $1\nparams: ${PHONE}`), { params: [PHONE] });
    app.log.error({ body: { phone: PHONE }, params: [DATE_OF_BIRTH], details: [error] }, 'something');
    const log = lines.join('');
    expect(log).toContain('something');
    expect(log).toContain('Failed query: select $1');
    expect(log).not.toContain(PHONE);
    expect(log).not.toContain(DATE_OF_BIRTH);
  });
});
