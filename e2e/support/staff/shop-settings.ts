import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const dataDirPointerFor = (port: string) => path.join(os.tmpdir(), `shop-e2e-${port}.data-dir`);

/**
 * Changes some of the shop's settings straight in the e2e server's database (as an admin's save
 * would, merged over what is stored), for journeys that need a setting other than the default:
 * the row's trigger NOTIFYs `settings_changed` and the server drops its copy. Only the fields
 * given change, so journeys running at the same time keep theirs.
 */
export async function setShopSettings(baseURL: string, changes: Record<string, unknown>): Promise<void> {
  const port = new URL(baseURL).port;
  const dataDir = fs.readFileSync(dataDirPointerFor(port), 'utf8').trim();
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
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
    await client.query(
      `INSERT INTO shop_settings (id, settings, version, updated_by_name) VALUES (1, $1::jsonb, 1, 'e2e')
       ON CONFLICT (id) DO UPDATE SET settings = shop_settings.settings || $1::jsonb,
         version = shop_settings.version + 1, updated_at = now()`,
      [JSON.stringify(changes)],
    );
  } finally {
    await client.end();
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
