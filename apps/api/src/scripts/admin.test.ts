import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { devMailbox } from '../db/schema/email';
import { users } from '../db/schema/identity';
import { apiRoot } from '../lib/paths';
import { TestBrowser } from '../modules/identity/testing';
import { currentAuth, requireStaff } from '../plugins/auth';

/** `npm run admin`, as a real process against a database of its own. */
function admin(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(apiRoot, 'src', 'scripts', 'admin.ts'), ...args],
      {
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin.end(options.stdin ?? '');
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let testDatabase: TestDatabase;
let database: DatabaseHandle;
let app: App;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-'));
  env = { DATABASE_URL: testDatabase.url, DATA_DIR: dataDir, AUTH_TEST_FAST_HASHING: 'true' };
  database = connectDatabase(testDatabase.url, 3);
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...env,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    }),
    database,
  });
  app.get('/api/v1/test/back-office/', { preHandler: requireStaff }, async (request) => ({
    role: currentAuth(request).user.role,
  }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await testDatabase?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('prints its usage', async () => {
    const result = await admin(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('npm run admin -- create --email');
    expect(result.stdout).toContain('--password-stdin');
  });

  it('creates a staff account with a password from stdin, who can then sign in as staff', async () => {
    const created = await admin(
      [
        'create',
        '--email',
        'Grace.Staff@KampalaCellars.ug',
        '--name',
        'Grace Nansubuga',
        '--role',
        'staff',
        '--password-stdin',
      ],
      { stdin: 'the cellar door is open\n', env },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created staff account grace.staff@kampalacellars.ug');
    expect(created.stdout).not.toContain('the cellar door is open');

    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'grace.staff@kampalacellars.ug'));
    expect(row).toMatchObject({ role: 'staff', name: 'Grace Nansubuga', isAnonymous: false });

    const client = new TestBrowser(app);
    await client.get('/api/v1/auth/csrf');
    expect((await client.signIn('grace.staff@kampalacellars.ug', 'the cellar door is open')).statusCode).toBe(
      200,
    );
    const backOffice = await client.get('/api/v1/test/back-office/');
    expect(backOffice.statusCode).toBe(200);
    expect(backOffice.json()).toEqual({ role: 'staff' });
  });

  it('generates a one-time password when none is given, printed once', async () => {
    const created = await admin(
      ['create', '--email', 'boss@kampalacellars.ug', '--name', 'Boss', '--role', 'admin'],
      {
        env,
      },
    );
    expect(created.code).toBe(0);
    const password = /One-time password[^\n]*\n\s+(\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    const client = new TestBrowser(app);
    await client.get('/api/v1/auth/csrf');
    const signIn = await client.signIn('boss@kampalacellars.ug', password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.role).toBe('admin');
    // It must be changed first: every other call answers 403 password_change_required until then.
    expect(signIn.json().user.mustChangePassword).toBe(true);
    const refused = await client.get('/api/v1/test/back-office/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('password_change_required');
    const changed = await client.post('/api/v1/auth/change-password', {
      currentPassword: password,
      newPassword: 'a passphrase of my own choosing',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await client.get('/api/v1/test/back-office/')).json()).toEqual({ role: 'admin' });
  });

  it('can e-mail a reset link instead of printing a password', async () => {
    const created = await admin(
      [
        'create',
        '--email',
        'rider.lead@kampalacellars.ug',
        '--name',
        'Rider Lead',
        '--role',
        'staff',
        '--send-reset',
      ],
      { env },
    );
    expect(created.code).toBe(0);
    expect(created.stdout).not.toMatch(/One-time password/);
    const mails = await database.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, 'rider.lead@kampalacellars.ug'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Reset your Kampala Cellars password']);
    expect(mails[0]?.text).toMatch(/\/reset-password\?token=/);
  });

  it('refuses a weak password', async () => {
    const weak = await admin(
      ['create', '--email', 'weak@kampalacellars.ug', '--name', 'W', '--role', 'staff', '--password-stdin'],
      {
        stdin: 'password\n',
        env,
      },
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('The password is refused');
  });

  it('changes roles with set-role, and refuses an unknown role', async () => {
    const demoted = await admin(
      ['set-role', '--email', 'grace.staff@kampalacellars.ug', '--role', 'customer'],
      { env },
    );
    expect(demoted.code).toBe(0);
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'grace.staff@kampalacellars.ug'));
    expect(row?.role).toBe('customer');

    const badRole = await admin(['set-role', '--email', 'grace.staff@kampalacellars.ug', '--role', 'owner'], {
      env,
    });
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('--role must be one of customer, staff, admin');
  });
});
