// Identity services for the end-to-end server, all on 127.0.0.1 (nothing reaches the internet):
// - a real OpenID Connect provider (`oidc-provider`, its development login and consent pages) that
//   signs in anyone: login "kato" becomes kato@example.ug, "Kato";
// - an SMTP server that keeps every message as a JSON file in `mailDirFor(port)`, where the tests
//   read the password-reset e-mail (the dev mailbox is off in production).
// e2e/serve.mjs starts them before the shop and passes `env` to it.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Provider from 'oidc-provider';
import { SMTPServer } from 'smtp-server';

export const OIDC_CLIENT_ID = 'kampala-cellars-e2e';
export const OIDC_PROVIDER_NAME = 'Kampala ID';
const OIDC_CLIENT_SECRET = 'an-e2e-only-client-secret-that-is-long-enough-to-pass';

/** Where the SMTP sink of the shop on `port` writes; e2e/support/identity/mailbox.ts reads the same. */
export function mailDirFor(port) {
  return path.join(os.tmpdir(), `kampala-cellars-e2e-mail-${port}`);
}

const listen = (server) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });

/** A person's name from a login id: "amina.nakato-3" → "Amina Nakato". */
function nameOf(login) {
  return login
    .replace(/[-_]?\d+$/, '')
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

async function startOidcProvider(shopUrl) {
  const server = http.createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${shopUrl}/api/v1/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['e2e-only-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@example.ug`, email_verified: true, name: nameOf(id) }),
    }),
  });
  server.on('request', provider.callback());
  return {
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_PROVIDER_NAME,
    },
    close: () =>
      /** @type {Promise<void>} */ (new Promise((resolve) => server.close(() => resolve(undefined)))),
  };
}

async function startSmtpSink(mailDir) {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        count += 1;
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        };
        const file = path.join(mailDir, `${String(count).padStart(5, '0')}.json`);
        // Written whole, then renamed: a reader never sees half a message.
        fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
        fs.renameSync(`${file}.tmp`, file);
        callback();
      });
    },
  });
  const port = await listen(smtp.server);
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    close: () =>
      new Promise((resolve) =>
        smtp.close(() => {
          fs.rmSync(mailDir, { recursive: true, force: true });
          resolve(undefined);
        }),
      ),
  };
}

/** Starts both; answers the shop's environment for them and a `close()`. */
export async function startTestIdentityServices({ shopUrl, mailDir }) {
  const oidc = await startOidcProvider(shopUrl);
  const smtp = await startSmtpSink(mailDir);
  return {
    env: { ...oidc.env, ...smtp.env },
    close: async () => {
      await Promise.all([oidc.close(), smtp.close()]);
    },
  };
}
