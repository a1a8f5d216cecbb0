import type { Config } from '../config';

/**
 * The origins browsers may call the API from with the customer's cookie, decided here only: CORS
 * (plugins/security.ts), better-auth's origin check on sign-in and sign-up (its trustedOrigins)
 * and the notifications socket all use {@link allowedOrigins}.
 *
 * The shop's own address (PUBLIC_URL), CORS_ORIGINS, and Vite's dev server under `npm run dev`.
 * A loopback address answers to each of its names: `npm start` listens on 127.0.0.1 while
 * PUBLIC_URL defaults to http://localhost:3000, and a visitor who opened either (or [::1]) was
 * refused every sign-in with 403 "Invalid origin" (issue 33). Only a loopback address gets its
 * other names: a shop on https://shop.example accepts no loopback origin.
 */

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** `origin` and, when it is a loopback address, the same scheme and port under each loopback name. */
function withLoopbackNames(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, ...LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`)];
}

export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'CORS_ORIGINS' | 'NODE_ENV'>): string[] {
  const configured = [config.publicUrl, ...config.CORS_ORIGINS];
  // `npm run dev` serves the storefront from Vite on :5173 and proxies /api to the API.
  if (config.NODE_ENV === 'development') configured.push('http://localhost:5173');
  return [...new Set(configured.flatMap(withLoopbackNames))];
}

/**
 * Fastify's "Server listening at …" line, one per bound socket. It named the socket
 * (http://127.0.0.1:3000, or every interface's address under HOST=0.0.0.0), which is not where
 * customers reach the shop; it names the shop's own address instead.
 */
export function listeningText(config: Pick<Config, 'publicUrl'>): () => string {
  return () => `Server listening at ${config.publicUrl}`;
}
