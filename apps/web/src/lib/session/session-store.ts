import { SESSION_CHECK_INTERVAL_MS, SESSION_LENGTH_MS, TOAST_DURATION_MS } from '@shop/contract/constants';
import { failureMessages } from '@shop/contract/errors';
import type { QueryClient } from '@tanstack/react-query';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../api-client';
import { CART_KEY } from '../cart-key';
import { toast } from '../toast';
import {
  endSession,
  fetchSession,
  type SessionInfo,
  type SessionUser,
  signInAnonymously,
  signInWithEmail,
} from './session-api';

/**
 * The visitor's session (docs/product.md sections 1, 4 and 9): one store per query client, started on the
 * first page.
 *
 * - On start it reads the session; when there is none (or it has expired) it signs in anonymously.
 * - Every 5 minutes it reads the session again: an ended customer session is signed out to a new
 *   anonymous one and the cart state is cleared; an ended anonymous session is renewed.
 * - Sign-in (e-mail and password) loads the cart from the server; a failed sign-in stays anonymous
 *   and passes the error on. Sign-out ends the server session, signs in anonymously and clears the
 *   cart state.
 * - For the API client: on a 401 for a customer the session is read again and the request retried
 *   once; when the customer is gone, or the retry answers 401 too, it signs out with
 *   'Your session has expired. Please log in again.'
 */

export type SessionStatus = 'loading' | 'anonymous' | 'customer';

export type SessionSnapshot = {
  /** 'loading' until the first answer; 'anonymous' also when the API could not be reached. */
  status: SessionStatus;
  /** The session's user (anonymous or not); null while loading or when there is no session. */
  user: SessionUser | null;
  /** When the session ends (24 hours after sign-in). */
  expiresAt: Date | null;
};

/** A customer's own data, dropped on sign-out so that the next visitor never sees it. */
export const PRIVATE_QUERY_KEYS = [['profile'], ['account'], ['orders'], ['invoices']] as const;

export const SESSION_EXPIRED_MESSAGE = failureMessages[401];

type RouterLike = { invalidate: () => unknown };

const LOADING: SessionSnapshot = { status: 'loading', user: null, expiresAt: null };
const NO_SESSION: SessionSnapshot = { status: 'anonymous', user: null, expiresAt: null };

function snapshotOf(info: SessionInfo): SessionSnapshot {
  return {
    status: info.user.isAnonymous ? 'anonymous' : 'customer',
    user: info.user,
    expiresAt: info.expiresAt,
  };
}

export class SessionStore {
  private snapshot: SessionSnapshot = LOADING;
  private readonly listeners = new Set<() => void>();
  private startup: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Transitions (start, check, sign-in, sign-out) run one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private unauthorized: Promise<boolean> | null = null;
  private expiring: Promise<void> | null = null;
  /** A call that replaces the session cookie is running (replaceSession), and how many have ended. */
  private replacing = false;
  private replacements = 0;
  private router: RouterLike | null = null;

  constructor(private readonly queryClient: QueryClient) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): SessionSnapshot => this.snapshot;

  /** What a server-rendered page was rendered with: the session is not known yet. */
  readonly getServerSnapshot = (): SessionSnapshot => LOADING;

  /** Resolves once the session is known (its first answer, or 'anonymous' when there was none). */
  known(): Promise<void> {
    return new Promise((resolve) => {
      const settle = () => {
        if (this.snapshot.status === 'loading') return;
        unsubscribe();
        resolve();
      };
      const unsubscribe = this.subscribe(settle);
      settle();
    });
  }

  /** The router re-runs its guards when the customer is signed out under it. */
  attachRouter(router: RouterLike): void {
    this.router = router;
  }

  /** Starts the session once: reads it (or signs in anonymously) and checks it every 5 minutes. */
  start(): Promise<void> {
    if (this.startup) return this.startup;
    setUnauthorizedHandler(() => this.handleUnauthorized());
    setSessionExpiredHandler(() => this.expire());
    this.timer = setInterval(() => void this.check(), SESSION_CHECK_INTERVAL_MS);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisible);
    this.startup = this.exclusive(async () => {
      let info: SessionInfo | null;
      try {
        info = await fetchSession();
      } catch {
        // The API cannot be reached: the visitor browses; the next check tries again.
        this.apply(NO_SESSION);
        return;
      }
      if (info && info.expiresAt.getTime() > Date.now()) this.apply(snapshotOf(info));
      else await this.becomeAnonymous();
    });
    return this.startup;
  }

  /** Stops the checks (tests, or a page being torn down). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisible);
  }

  /**
   * The periodic check: an ended customer session goes back to anonymous with the cart cleared,
   * an ended anonymous session is renewed, a sign-in in another tab is picked up.
   */
  check(): Promise<void> {
    return this.exclusive(async () => {
      let info: SessionInfo | null;
      try {
        info = await fetchSession();
      } catch {
        return;
      }
      if (info && info.expiresAt.getTime() > Date.now()) {
        this.apply(snapshotOf(info));
        return;
      }
      const wasCustomer = this.snapshot.status === 'customer';
      await this.becomeAnonymous();
      if (wasCustomer)
        toast.error(SESSION_EXPIRED_MESSAGE, { id: SESSION_EXPIRED_MESSAGE, duration: TOAST_DURATION_MS });
    });
  }

  /** Reads the session again (after a password change, a profile change, a sign-in elsewhere). */
  refresh(): Promise<void> {
    return this.exclusive(async () => {
      try {
        const info = await fetchSession();
        if (info && info.expiresAt.getTime() > Date.now()) this.apply(snapshotOf(info));
        else await this.becomeAnonymous();
      } catch {
        // Keep what we have; the next check tries again.
      }
    });
  }

  /**
   * Runs a call that replaces the session cookie (a password change ends every session and answers
   * a new one), with no other session transition in between, then reads the new session. A check
   * made meanwhile (the notification socket closes the moment the old session ends) would read
   * the old, deleted cookie and sign the customer out.
   */
  replaceSession<T>(task: () => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      this.replacing = true;
      try {
        const result = await task();
        const info = await fetchSession().catch(() => undefined);
        if (info && info.expiresAt.getTime() > Date.now()) this.apply(snapshotOf(info));
        return result;
      } finally {
        this.replacing = false;
        this.replacements += 1;
      }
    });
  }

  /**
   * Signs in with e-mail and password (from the anonymous session, whose cart the server keeps).
   * On failure the visitor stays (or becomes again) anonymous and the error is thrown on.
   */
  signIn(email: string, password: string): Promise<void> {
    return this.exclusive(async () => {
      try {
        await signInWithEmail(email, password);
      } catch (error) {
        await this.settleAnonymous();
        throw error;
      }
      const info = await fetchSession().catch(() => null);
      if (info && !info.user.isAnonymous) this.apply(snapshotOf(info));
      else await this.settleAnonymous();
    });
  }

  /** Ends the session on the server, then signs in anonymously and clears the cart state. */
  signOut(): Promise<void> {
    return this.exclusive(() => this.endToAnonymous());
  }

  /**
   * The customer's session is over: sign out to anonymous, clear the cart, say so. Concurrent
   * calls share one. When its turn comes and that customer is gone already (the 5-minute check
   * or another call got there first), it changes nothing: signing out then would end the
   * visitor's new anonymous session.
   */
  expire(): Promise<void> {
    const customerId = this.snapshot.status === 'customer' ? this.snapshot.user?.id : undefined;
    this.expiring ??= this.exclusive(async () => {
      if (customerId === undefined || !this.isCustomer(customerId)) return;
      try {
        await this.endToAnonymous();
      } finally {
        toast.error(SESSION_EXPIRED_MESSAGE, { id: SESSION_EXPIRED_MESSAGE, duration: TOAST_DURATION_MS });
      }
    }).finally(() => {
      this.expiring = null;
    });
    return this.expiring;
  }

  /** The API client's 401 hook: true when the request should be retried (the customer is still signed in). */
  handleUnauthorized(): Promise<boolean> {
    if (this.snapshot.status !== 'customer') return Promise.resolve(false);
    const customerId = this.snapshot.user?.id;
    const replacementsAtCall = this.replacements;
    this.unauthorized ??= (async () => {
      try {
        const info = await fetchSession().catch(() => null);
        // Signed out meanwhile (the 5-minute check): the 401 was the answer, nothing to end.
        if (customerId === undefined || !this.isCustomer(customerId)) return false;
        if (info && !info.user.isAnonymous && info.expiresAt.getTime() > Date.now()) {
          this.apply(snapshotOf(info));
          return true;
        }
        // A password change retires the old session before its answer brings the new cookie: a
        // request sent in between is refused, and so is this read. The change reads the new session.
        // (One running at the call has either ended since, or is running still.)
        if (this.replacing || this.replacements !== replacementsAtCall) return false;
        await this.expire();
        return false;
      } finally {
        this.unauthorized = null;
      }
    })();
    return this.unauthorized;
  }

  private readonly onVisible = () => {
    const { expiresAt } = this.snapshot;
    if (document.visibilityState === 'visible' && expiresAt && expiresAt.getTime() <= Date.now()) {
      void this.check();
    }
  };

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private isCustomer(userId: string): boolean {
    return this.snapshot.status === 'customer' && this.snapshot.user?.id === userId;
  }

  private async endToAnonymous(): Promise<void> {
    await endSession().catch(() => undefined);
    // Leaving the customer's session clears the cart state (see apply).
    await this.becomeAnonymous();
  }

  /** A new anonymous session; without one (offline, rate limited) the visitor still browses. */
  private async becomeAnonymous(): Promise<void> {
    try {
      const user = await signInAnonymously();
      this.apply({ status: 'anonymous', user, expiresAt: new Date(Date.now() + SESSION_LENGTH_MS) });
      return;
    } catch {
      // 400 when the cookie still holds an anonymous session (another tab renewed it): read it.
    }
    const info = await fetchSession().catch(() => null);
    this.apply(info && info.expiresAt.getTime() > Date.now() ? snapshotOf(info) : NO_SESSION);
  }

  /** After a failed sign-in: whatever session the cookie holds, or a new anonymous one. */
  private async settleAnonymous(): Promise<void> {
    const info = await fetchSession().catch(() => null);
    if (info && info.expiresAt.getTime() > Date.now()) this.apply(snapshotOf(info));
    else await this.becomeAnonymous();
  }

  private apply(next: SessionSnapshot): void {
    const previous = this.snapshot;
    this.snapshot = next;
    const wasCustomer = previous.status === 'customer' ? previous.user?.id : undefined;
    const isCustomer = next.status === 'customer' ? next.user?.id : undefined;
    if (wasCustomer !== isCustomer) {
      if (wasCustomer) this.clearCustomerState();
      else void this.queryClient.invalidateQueries({ queryKey: CART_KEY });
    }
    for (const listener of this.listeners) listener();
    // A customer signed out under a protected page: its guard sends them to the login page.
    if (wasCustomer && !isCustomer) void Promise.resolve(this.router?.invalidate()).catch(() => undefined);
  }

  private clearCustomerState(): void {
    void this.queryClient.resetQueries({ queryKey: CART_KEY }).catch(() => undefined);
    for (const queryKey of PRIVATE_QUERY_KEYS) this.queryClient.removeQueries({ queryKey });
  }
}

const stores = new WeakMap<QueryClient, SessionStore>();

/** The session store of a query client (the app has one; each test renders its own). */
export function sessionStoreFor(queryClient: QueryClient): SessionStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = new SessionStore(queryClient);
    stores.set(queryClient, store);
  }
  return store;
}
