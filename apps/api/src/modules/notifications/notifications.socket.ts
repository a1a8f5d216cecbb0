import { SESSION_CHECK_INTERVAL_MS } from '@shop/contract/constants';
import {
  NOTIFICATIONS_SOCKET_PATH,
  SOCKET_AUTH_TIMEOUT_MS,
  SOCKET_CLOSE_CODES,
} from '@shop/contract/notification-constants';
import { clientSocketMessageSchema } from '@shop/contract/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { allowedOrigins } from '../../lib/origins';
import { CLIENT_IP_HEADER } from '../identity/auth';
import { toFetchHeaders } from '../identity/fetch-bridge';
import { findLiveSession } from '../identity/session-lookup';
import type { NotificationHub } from './notification-hub';
import { countUnread } from './notifications.repository';

/**
 * The notifications websocket, `/api/v1/ws/notifications` (docs/product.md section 7), for signed-in
 * customers. It authenticates like the rest of the API, without ever putting a token in the URL:
 *
 * - by the session cookie of the upgrade request, when the page is one of the shop's own
 *   origins (a page elsewhere cannot open a socket with the customer's cookie);
 * - by `Authorization: Bearer …` on the upgrade request (clients that can set headers);
 * - or by a first message `{ "type": "auth", "token": "…" }` within 10 seconds.
 *
 * Once in, the socket gets a `notification_update` with the unread count (and an empty
 * `read_ids`), then `notification` and `notification_update` messages as they happen. The socket
 * closes with 4403 when its session ends: at once on sign-out, revocation or a deleted session or
 * user, on every instance (the database's `identity_changed` message, heard through the session
 * cache, makes each instance re-read the sessions concerned), at its expiry time, and at the
 * latest at the 5-minute re-check should a message be lost. 4401 means no customer could be
 * authenticated; 1012, that the instance is stopping (connect again). The server pings every 30 s and drops a socket that stops answering.
 */

const PING_INTERVAL_MS = 30_000;

type SocketAuth = { userId: string; token: string; expiresAt: Date; headers: Headers };

async function sessionOf(app: FastifyInstance, headers: Headers): Promise<SocketAuth | null> {
  const result = (await app.betterAuth.api.getSession({ headers, query: { disableRefresh: true } })) as {
    user: { id: string; isAnonymous?: boolean | null };
    session: { expiresAt: Date | string; token: string };
  } | null;
  if (!result || result.user.isAnonymous) return null;
  const expiresAt = new Date(result.session.expiresAt);
  if (expiresAt.getTime() <= Date.now()) return null;
  return { userId: result.user.id, token: result.session.token, expiresAt, headers };
}

/** The upgrade request's own credentials: bearer header, or the cookie from a trusted origin. */
function upgradeHeaders(request: FastifyRequest, trusted: ReadonlySet<string>): Headers | null {
  const headers = toFetchHeaders(request);
  if (/^bearer\s+\S/i.test(headers.get('authorization') ?? '')) {
    headers.delete('cookie');
    return headers;
  }
  const origin = headers.get('origin');
  if (!headers.has('cookie') || (origin !== null && !trusted.has(origin))) return null;
  return headers;
}

function bearerHeaders(request: FastifyRequest, token: string): Headers {
  const headers = new Headers({ authorization: `Bearer ${token}` });
  const userAgent = request.headers['user-agent'];
  if (userAgent) headers.set('user-agent', userAgent);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The open, authenticated sockets of this instance by session token, to re-check on a change. */
class SessionSockets {
  readonly #byToken = new Map<string, Set<OpenSocket>>();

  add(socket: OpenSocket): void {
    let set = this.#byToken.get(socket.token);
    if (!set) {
      set = new Set();
      this.#byToken.set(socket.token, set);
    }
    set.add(socket);
  }

  remove(socket: OpenSocket): void {
    const set = this.#byToken.get(socket.token);
    set?.delete(socket);
    if (set?.size === 0) this.#byToken.delete(socket.token);
  }

  /** Applies one `identity_changed` message: `s:<token>`, `u:<user id>`, or anything else (all). */
  changed(payload: string): void {
    if (payload.startsWith('s:')) {
      for (const socket of this.#byToken.get(payload.slice(2)) ?? []) socket.recheck();
      return;
    }
    const userId = payload.startsWith('u:') ? payload.slice(2) : null;
    for (const set of this.#byToken.values()) {
      for (const socket of set) if (userId === null || socket.userId === userId) socket.recheck();
    }
  }
}

type OpenSocket = { token: string; userId: string; recheck: () => void };

export function registerNotificationSocket(app: FastifyInstance, hub: NotificationHub): void {
  const trusted = new Set(allowedOrigins(app.config));
  const sessionSockets = new SessionSockets();
  const stopListening = app.sessionCache.onChange((payload) => sessionSockets.changed(payload));
  app.addHook('onClose', async () => {
    stopListening();
  });

  app.get(
    NOTIFICATIONS_SOCKET_PATH,
    { websocket: true, schema: { hide: true } },
    (socket: WebSocket, request: FastifyRequest) => {
      // The instance is stopping: its open sockets close in a moment, and one taken in now could
      // hold the shutdown open. The client connects again through the proxy, to another instance.
      if (app.drain.draining) {
        socket.close(SOCKET_CLOSE_CODES.restarting, 'Restarting');
        return;
      }
      const headers = upgradeHeaders(request, trusted);
      let auth: SocketAuth | null = null;
      /** One authentication per socket: the upgrade's credentials, or the first message. */
      let authenticating = headers !== null;
      let closed = false;
      let alive = true;
      const timers: NodeJS.Timeout[] = [];
      let expiryTimer: NodeJS.Timeout | undefined;
      let registered: OpenSocket | null = null;
      const close = (code: number, reason: string) => {
        if (closed) return;
        closed = true;
        socket.close(code, reason);
      };

      const admit = async (found: SocketAuth | null) => {
        if (closed) return;
        if (!found) {
          close(SOCKET_CLOSE_CODES.unauthorized, 'Please sign in to continue.');
          return;
        }
        auth = found;
        hub.add(found.userId, socket);
        registered = { token: found.token, userId: found.userId, recheck: recheckSession };
        sessionSockets.add(registered);
        const unread = await countUnread(app.db, found.userId);
        // Closed while counting: the close handler has run, so no timer may be started now.
        if (closed) return;
        if (socket.readyState === socket.OPEN) {
          socket.send(
            JSON.stringify({
              type: 'notification_update',
              read_ids: [],
              all_read: false,
              unread_count: unread,
            }),
          );
        }
        closeAtExpiry(found.expiresAt);
        timers.push(
          setInterval(() => {
            sessionOf(app, found.headers)
              .then((still) => {
                if (!still || still.userId !== found.userId) {
                  close(SOCKET_CLOSE_CODES.sessionEnded, 'Session ended');
                }
              })
              .catch((error: unknown) => request.log.warn({ err: error }, 'socket session check failed'));
          }, SESSION_CHECK_INTERVAL_MS),
        );
      };

      const closeAtExpiry = (expiresAt: Date) => {
        if (closed) return;
        clearTimeout(expiryTimer);
        // setTimeout holds at most ~24.8 days; sessions last 24 hours.
        expiryTimer = setTimeout(
          () => close(SOCKET_CLOSE_CODES.sessionEnded, 'Session ended'),
          Math.min(Math.max(expiresAt.getTime() - Date.now(), 0), 2 ** 31 - 1),
        );
      };

      // The session or its user changed somewhere: read it again (one read at a time per socket).
      let rechecking = false;
      let recheckAgain = false;
      const recheckSession = () => {
        if (closed || !auth) return;
        if (rechecking) {
          recheckAgain = true;
          return;
        }
        rechecking = true;
        const current = auth;
        findLiveSession(app.db, current.token)
          .then((found) => {
            if (!found || found.user.isAnonymous || found.user.id !== current.userId) {
              close(SOCKET_CLOSE_CODES.sessionEnded, 'Session ended');
            } else {
              closeAtExpiry(found.session.expiresAt);
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'socket session re-check failed'))
          .finally(() => {
            rechecking = false;
            if (recheckAgain) {
              recheckAgain = false;
              recheckSession();
            }
          });
      };

      // Listeners first, synchronously: a message sent right after the upgrade is not lost.
      socket.on('message', (data: RawData, isBinary: boolean) => {
        if (authenticating || closed) return;
        authenticating = true;
        if (isBinary) {
          close(SOCKET_CLOSE_CODES.unauthorized, 'Please sign in to continue.');
          return;
        }
        let parsed: ReturnType<typeof clientSocketMessageSchema.safeParse>;
        try {
          parsed = clientSocketMessageSchema.safeParse(JSON.parse(data.toString()));
        } catch {
          close(SOCKET_CLOSE_CODES.unauthorized, 'Please sign in to continue.');
          return;
        }
        if (!parsed.success) {
          close(SOCKET_CLOSE_CODES.unauthorized, 'Please sign in to continue.');
          return;
        }
        sessionOf(app, bearerHeaders(request, parsed.data.token))
          .then(admit)
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'socket authentication failed');
            close(1011, 'Try again later');
          });
      });
      socket.on('pong', () => {
        alive = true;
      });
      socket.on('close', () => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        clearTimeout(expiryTimer);
        if (registered) sessionSockets.remove(registered);
        if (auth) hub.remove(auth.userId, socket);
      });
      socket.on('error', (error) => request.log.debug({ err: error }, 'socket error'));

      timers.push(
        setInterval(() => {
          if (!alive) {
            socket.terminate();
            return;
          }
          alive = false;
          socket.ping();
        }, PING_INTERVAL_MS),
      );

      if (headers) {
        sessionOf(app, headers)
          .then(admit)
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'socket authentication failed');
            close(1011, 'Try again later');
          });
      }
      // Without credentials on the upgrade, the first message must bring them in time.
      timers.push(
        setTimeout(() => {
          if (!auth) close(SOCKET_CLOSE_CODES.unauthorized, 'Please sign in to continue.');
        }, SOCKET_AUTH_TIMEOUT_MS),
      );
    },
  );
}
