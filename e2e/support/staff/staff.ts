import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The file e2e/serve.mjs writes the data directory into (see ./data-dir.mjs). */
const dataDirPointerFor = (port: string) => path.join(os.tmpdir(), `shop-e2e-${port}.data-dir`);

/**
 * Runs `work` with a client of the e2e server's database (the server runs the embedded PostgreSQL
 * of its data directory, noted by e2e/serve.mjs), closed afterwards.
 */
export async function withShopDatabase<T>(
  baseURL: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const port = new URL(baseURL).port;
  const dataDir = fs.readFileSync(dataDirPointerFor(port), 'utf8').trim();
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  // postmaster.pid's fourth line is the port PostgreSQL listens on.
  const postmaster = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(postmaster[3]),
    user: 'postgres',
    password: secrets.postgresPassword,
    database: 'shop',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Gives an existing account the staff role in the database of the e2e server, as
 * `npm run admin -- set-role` does. The server keeps sessions in memory and hears of the change
 * through the database (LISTEN identity_changed) a few milliseconds after the commit: wait that long.
 */
export async function makeStaff(
  baseURL: string,
  email: string,
  role: 'staff' | 'admin' = 'staff',
): Promise<void> {
  await withShopDatabase(baseURL, async (client) => {
    const result = await client.query('UPDATE users SET role = $2 WHERE email = $1', [
      email.toLowerCase(),
      role,
    ]);
    if (result.rowCount !== 1) throw new Error(`No account ${email} to make ${role}`);
  });
  await new Promise((resolve) => setTimeout(resolve, 250));
}
