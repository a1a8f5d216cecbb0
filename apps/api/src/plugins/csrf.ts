import crypto from 'node:crypto';
import { CSRF_COOKIE_NAME, identityMessages } from '@shop/contract/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';

/**
 * CSRF protection, the cookie and header pair of docs/product.md section 7 (double submit).
 *
 * - Every answer to a request without a well-formed `csrf_token` cookie sets one: 32 random bytes,
 *   readable by the page's JavaScript (not httpOnly), SameSite=Lax, Secure over https, for 400
 *   days. `GET /api/v1/auth/csrf` answers its value too.
 * - A POST, PUT, PATCH or DELETE authenticated by the session *cookie* must send the cookie's
 *   value in `X-CSRF-Token`, else 403 `forbidden` naming the CSRF token. A page on another site
 *   cannot read the cookie, and cannot send the header without CORS allowing it.
 * - Exempt: requests with `Authorization: Bearer …` (a cross-site form cannot send it), requests
 *   without a session cookie (nothing to forge), and payment providers' webhooks (paths ending
 *   in `/webhook/`), which authenticate themselves.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

type CsrfState = { token: string; issue: boolean };
const states = new WeakMap<FastifyRequest, CsrfState>();

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's CSRF token: the cookie's, or the one this answer sets. */
    readonly csrfToken: string;
  }
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Keep the raw value.
    }
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right);
}

function appendSetCookie(reply: FastifyReply, cookie: string) {
  const existing = reply.getHeader('set-cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

const isWebhook = (path: string) => /\/webhook\/?$/.test(path);
const hasBearer = (authorization: string | undefined) =>
  typeof authorization === 'string' && /^bearer\s+\S/i.test(authorization);

export default fp(
  async (app) => {
    const secure = app.config.publicUrl.startsWith('https:');
    const sessionCookies = new Set([app.sessionCookieName, app.sessionCookieName.replace(/^__Secure-/, '')]);

    app.decorateRequest('csrfToken', {
      getter(this: FastifyRequest) {
        let state = states.get(this);
        if (!state) {
          state = { token: crypto.randomBytes(32).toString('base64url'), issue: true };
          states.set(this, state);
        }
        return state.token;
      },
    });

    app.addHook('onRequest', async (request) => {
      const cookies = parseCookies(request.headers.cookie);
      const existing = cookies.get(CSRF_COOKIE_NAME);
      const wellFormed = existing !== undefined && TOKEN_PATTERN.test(existing);
      // A new token is made only when needed (the getter, or an answer that sets the cookie):
      // 32 random bytes for every catalog answer, which never sets it, were 2 % of its CPU.
      if (wellFormed) states.set(request, { token: existing, issue: false });

      if (!STATE_CHANGING.has(request.method)) return;
      const path = request.url.split('?')[0] ?? '';
      if (isWebhook(path) || hasBearer(request.headers.authorization)) return;
      if (![...sessionCookies].some((name) => cookies.has(name))) return;
      const header = request.headers['x-csrf-token'];
      if (!wellFormed || typeof header !== 'string' || !constantTimeEqual(header, existing)) {
        throw forbidden(identityMessages.csrfMissing);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const state = states.get(request);
      // A response meant for shared caches (the catalog's `public` answers) must not set a
      // cookie, or a CDN would refuse to cache it; the client gets its token elsewhere
      // (any other answer, or GET /auth/csrf).
      if (state && !state.issue) return payload;
      // A bearer-authenticated client (an app, the bench) is exempt from the check and sends no
      // cookies: unless a handler asked for the token (GET /auth/csrf), it gets none.
      if (!state && hasBearer(request.headers.authorization)) return payload;
      const shared = String(reply.getHeader('cache-control') ?? '').includes('public');
      if (!shared) {
        appendSetCookie(
          reply,
          `${CSRF_COOKIE_NAME}=${request.csrfToken}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`,
        );
      }
      return payload;
    });
  },
  { name: 'csrf', dependencies: ['config', 'auth'] },
);
