import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';

/**
 * Named (prepared) statements for the hottest raw queries.
 *
 * `db.execute(sql…)` sends an unnamed statement, which PostgreSQL parses and plans on every call:
 * for the cart's queries planning cost three times the execution (pgbench: 0.33 ms against
 * 0.09 ms prepared). A named statement is parsed once per pooled connection and its plan reused.
 * A name must always carry the same SQL text (node-postgres refuses a name reused for another
 * text), so only fixed queries, with their values as parameters, may use one.
 */

const dialect = new PgDialect({ casing: 'snake_case' });

const keepAsText = (value: string) => value;
/** The type parsing `db.execute` applies (date and time types stay text), so rows are alike. */
const rawTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') => {
    switch (typeId) {
      case pg.types.builtins.TIMESTAMPTZ:
      case pg.types.builtins.TIMESTAMP:
      case pg.types.builtins.DATE:
      case pg.types.builtins.INTERVAL:
      case 1115: // timestamp[]
      case 1182: // date[]
      case 1185: // timestamptz[]
      case 1187: // interval[]
      case 1231: // numeric[]
        return keepAsText;
      default:
        return pg.types.getTypeParser(typeId, format as 'text');
    }
  },
} as pg.CustomTypesConfig;

/**
 * Runs `query` as the named statement `name` on the database's pool. Inside a transaction (any
 * executor that is not the pooled database) it runs unnamed, on the transaction's connection.
 */
export async function executeNamed<Row extends Record<string, unknown>>(
  db: Database | { execute: Database['execute'] },
  name: string,
  query: SQL,
): Promise<Row[]> {
  if (!('$client' in db)) return (await db.execute<Row>(query)).rows as Row[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await db.$client.query<Row>({ name, text, values: params, types: rawTypes });
  return result.rows;
}

/**
 * Runs `query` as a named statement named after its text, for queries whose text varies with a
 * bounded set of shapes (which filters are set) while their values are parameters: each shape is
 * planned once per pooled connection instead of on every call.
 */
export function executePrepared<Row extends Record<string, unknown>>(
  db: Database | { execute: Database['execute'] },
  query: SQL,
): Promise<Row[]> {
  const { sql: text } = dialect.sqlToQuery(query);
  const name = `q_${crypto.hash('sha1', text, 'base64url').slice(0, 20)}`;
  return executeNamed<Row>(db, name, query);
}

/** The text of a Drizzle `sql` fragment without parameters (for `executeNamedText`). */
export function sqlText(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error('sqlText is for fragments without parameters');
  return text;
}

/**
 * Runs fixed SQL text as the named statement `name` with its values as they are (a JS array is
 * one array parameter, not a list as in Drizzle's `sql`): for statements over many callers at
 * once (`db/read-batcher.ts`). Only on the pooled database.
 */
export async function executeNamedText<Row extends Record<string, unknown>>(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const result = await db.$client.query<Row>({ name, text, values, types: rawTypes });
  return result.rows;
}
