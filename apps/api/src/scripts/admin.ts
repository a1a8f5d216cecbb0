import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { USER_ROLES, type UserRole } from '@shop/contract/identity';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { ensureDataDirSecret } from '../db/secrets';
import { DomainEvents } from '../lib/domain-events';
import { type AuditActor, recordAudit } from '../modules/audit/audit';
import { createEmailService } from '../modules/email/email.service';
import { createAuth } from '../modules/identity/auth';
import {
  deleteUserSessions,
  findUserByEmail,
  setMustChangePassword,
  setUserRole,
} from '../modules/identity/identity.repository';
import { passwordProblem } from '../modules/identity/password';
import { expectedFailure, openDatabase } from './lib/open-database';

const HELP = `Manage staff and admin accounts.

Usage:
  npm run admin -- create --email <address> --name "<name>" --role staff|admin|rider [--password-stdin | --send-reset]
  npm run admin -- set-role --email <address> --role customer|staff|admin|rider
  npm run admin -- --help

create     Creates the account with that role, or gives an existing account that role.
           A new account needs a password; there is no default password anywhere:
             (default)         a strong one-time password is generated and printed once.
                               At the first sign-in with it, the shop asks for a new password
                               before anything else.
             --password-stdin  reads the password from standard input (first line), e.g.
                               printf '%s\\n' "$PASSWORD" | npm run admin -- create … --password-stdin
                               It must pass the shop's password policy (8-128 characters, not common).
             --send-reset      sets no usable password and e-mails a password-reset link instead
                               (through SMTP_URL, or the development mailbox without it).
           For an existing account the password is only changed with --password-stdin.
set-role   Changes the role of an existing account (customer, staff, admin or rider). The account's
           sessions are ended, so the new role applies from its next sign-in.

The database is the server's: DATABASE_URL when set, otherwise the embedded PostgreSQL of
DATA_DIR (default ./data). While the shop is running on that data directory, the command uses
the running shop's database (found from DATA_DIR/shop.lock, DATA_DIR/postgres/postmaster.pid and
the generated password in DATA_DIR/secrets.json): no need to stop the shop. When the shop is not
running, the embedded database is started for the command, exactly as \`npm start\` does.
Staff can also be invited, and roles changed, by an admin at /admin/staff.`;

type Parsed = {
  command: string | undefined;
  email?: string;
  name?: string;
  role?: string;
  passwordStdin: boolean;
  sendReset: boolean;
  help: boolean;
};

function parse(argv: string[]): Parsed {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      'send-reset': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return {
    command: positionals[0],
    ...(values.email === undefined ? {} : { email: values.email }),
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.role === undefined ? {} : { role: values.role }),
    passwordStdin: values['password-stdin'] ?? false,
    sendReset: values['send-reset'] ?? false,
    help: values.help ?? false,
  };
}

class UsageError extends Error {}

/** Who the audit trail names for changes made with this command. */
const COMMAND_LINE: AuditActor = { id: null, name: 'npm run admin', role: 'system' };

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

/** 24 characters from a 62-letter alphabet: about 143 bits. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let result = '';
  while (result.length < 24) {
    const byte = crypto.randomBytes(1)[0] ?? 255;
    if (byte < alphabet.length * Math.floor(256 / alphabet.length))
      result += alphabet[byte % alphabet.length];
  }
  return result;
}

function requireRole(role: string | undefined, allowed: readonly string[]): UserRole {
  if (!role || !allowed.includes(role)) throw new UsageError(`--role must be one of ${allowed.join(', ')}`);
  return role as UserRole;
}

export async function run(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (args.help || !args.command) {
    console.log(HELP);
    return args.help ? 0 : 1;
  }
  if (args.command !== 'create' && args.command !== 'set-role')
    throw new UsageError(`Unknown command "${args.command}"`);
  const email = args.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new UsageError('--email must be an e-mail address');

  // loadConfig resolves DATA_DIR from where npm was invoked (INIT_CWD), as for every command.
  const config = loadConfig();
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const opened = await openDatabase(
      {
        info: () => undefined,
        warn: (message) => console.warn(`[admin] ${message}`),
      },
      { attachToRunningShop: true },
    );
    cleanups.push(opened.close);
    const db: Database = opened.database.db;

    if (args.command === 'set-role') {
      const role = requireRole(args.role, USER_ROLES);
      const user = await findUserByEmail(db, email);
      if (!user || user.isAnonymous) throw new UsageError(`No account uses ${email}`);
      await db.transaction(async (tx) => {
        await setUserRole(tx, user.id, role);
        await deleteUserSessions(tx, user.id);
        await recordAudit(tx, COMMAND_LINE, {
          kind: 'user.role_change',
          subjectType: 'user',
          subjectId: user.id,
          summary: `Role of ${email}: ${user.role} → ${role} (npm run admin)`,
          before: { role: user.role },
          after: { role },
        });
      });
      console.log(`${email} is now ${role}.`);
      return 0;
    }

    const role = requireRole(args.role, ['staff', 'admin', 'rider']);
    if (args.passwordStdin && args.sendReset)
      throw new UsageError('Use either --password-stdin or --send-reset');
    let password: string | undefined;
    if (args.passwordStdin) {
      password = await readStdinLine();
      const problem = passwordProblem(password);
      if (problem) throw new UsageError(`The password is refused: ${problem}`);
    }

    const log = {
      error: (details: unknown, message?: string) => console.error(`[admin] ${message ?? ''}`, details),
      warn: (details: unknown, message?: string) => console.warn(`[admin] ${message ?? ''}`, details),
      info: () => undefined,
      debug: () => undefined,
    };
    const events = new DomainEvents(log);
    const emailService = createEmailService({ config, db, log });
    cleanups.push(() => emailService.close());
    const secret =
      config.AUTH_SECRET ??
      ensureDataDirSecret(config.dataDir, 'authSecret', () => crypto.randomBytes(32).toString('base64url'));
    const auth = createAuth({ config, db, events, email: emailService, log, secret });
    const context = await auth.$context;

    const existing = await findUserByEmail(db, email);
    if (existing && !existing.isAnonymous) {
      await setUserRole(db, existing.id, role);
      if (password) {
        const hash = await context.password.hash(password);
        const credential = await context.internalAdapter.findCredentialAccount(existing.id);
        if (credential) await context.internalAdapter.updatePassword(existing.id, hash);
        else {
          await context.internalAdapter.linkAccount({
            userId: existing.id,
            providerId: 'credential',
            accountId: existing.id,
            password: hash,
          });
        }
        await context.internalAdapter.deleteUserSessions(existing.id);
      }
      if (args.sendReset) await auth.api.requestPasswordReset({ body: { email } });
      console.log(
        `${email} already had an account: it is now ${role}${password ? ', with the new password' : ''}.`,
      );
      if (args.sendReset) console.log('A password-reset e-mail is on its way.');
      return 0;
    }

    const name = args.name?.trim();
    if (!name) throw new UsageError('--name is required to create an account');
    const generated = !password && !args.sendReset ? generatePassword() : undefined;
    // With --send-reset the account gets a random password nobody knows, until the reset.
    const initial = password ?? generated ?? generatePassword() + generatePassword();
    const user = await context.internalAdapter.createUser(
      { email, name, emailVerified: false },
      { method: 'admin' },
    );
    await setUserRole(db, user.id, role);
    // A printed one-time password must be replaced at the first sign-in (0028).
    if (generated) await setMustChangePassword(db, user.id);
    await recordAudit(db, COMMAND_LINE, {
      kind: 'user.create',
      subjectType: 'user',
      subjectId: user.id,
      summary: `Created ${role} account ${email} (npm run admin)`,
      before: null,
      after: { email, role },
    });
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(initial),
    });
    console.log(`Created ${role} account ${email}.`);
    if (generated) {
      console.log('One-time password (shown once; sign in and change it now):');
      console.log(`  ${generated}`);
    }
    if (args.sendReset) {
      await auth.api.requestPasswordReset({ body: { email } });
      console.log(
        emailService.transport === 'smtp'
          ? 'A password-reset e-mail is on its way.'
          : 'A password-reset e-mail is in the development mailbox (/api/v1/dev/mailbox/).',
      );
    }
    return 0;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const expected = error instanceof UsageError ? error.message : expectedFailure(error);
      if (expected) {
        console.error(`[admin] ${expected}`);
        if (error instanceof UsageError) console.error('Run `npm run admin -- --help` for the usage.');
      } else {
        console.error('[admin] failed:', error);
      }
      process.exit(1);
    },
  );
}
