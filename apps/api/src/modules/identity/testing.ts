import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';

/**
 * Test helpers for identity: a browser-like client over `app.inject` that keeps cookies, sends
 * the Origin and the CSRF header the way the storefront does, and comes from an address of its own.
 */

export const ADULT_BIRTH_DATE = '1990-05-17';
export const STRONG_PASSWORD = 'correct horse battery staple';

type Cookie = { value: string; expires: number | null };

export class TestBrowser {
  readonly cookies = new Map<string, Cookie>();
  /** Sent as `Authorization: Bearer` when set (instead of relying on cookies). */
  bearer: string | null = null;

  /** The client's address: each browser gets one of its own unless told. */
  readonly ip: string;

  constructor(
    readonly app: App,
    readonly options: { ip?: string; userAgent?: string; origin?: string; csrf?: boolean } = {},
  ) {
    this.ip = options.ip ?? randomIp();
  }

  cookie(name: string): string | undefined {
    const cookie = this.cookies.get(name);
    if (!cookie) return undefined;
    if (cookie.expires !== null && cookie.expires <= Date.now()) return undefined;
    return cookie.value;
  }

  cookieHeader(): string {
    return [...this.cookies.keys()]
      .map((name) => [name, this.cookie(name)] as const)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  get sessionCookie(): string | undefined {
    return this.cookie(this.app.sessionCookieName);
  }

  storeCookies(response: LightMyRequestResponse) {
    const header = response.headers['set-cookie'];
    const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
    for (const line of list) {
      const [pair, ...attributes] = line.split(';');
      if (!pair) continue;
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      let expires: number | null = null;
      for (const attribute of attributes) {
        const [key, raw] = attribute.split('=').map((part) => part.trim());
        if (key?.toLowerCase() === 'max-age' && raw !== undefined) expires = Date.now() + Number(raw) * 1000;
      }
      if (expires !== null && expires <= Date.now()) this.cookies.delete(name);
      else this.cookies.set(name, { value, expires });
    }
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    const cookies = this.cookieHeader();
    if (cookies && headers.cookie === undefined) headers.cookie = cookies;
    if (this.options.userAgent) headers['user-agent'] ??= this.options.userAgent;
    if (this.bearer) headers.authorization ??= `Bearer ${this.bearer}`;
    if (method !== 'GET' && method !== 'HEAD') {
      headers.origin ??= this.options.origin ?? this.app.config.publicUrl;
      const csrf = this.cookie('csrf_token');
      if ((options.csrf ?? this.options.csrf ?? true) && csrf) headers['x-csrf-token'] ??= csrf;
    }
    const { csrf: _csrf, ...rest } = options;
    const response = await this.app.inject({
      ...rest,
      method: method as InjectOptions['method'],
      headers,
      remoteAddress: this.ip,
    });
    this.storeCookies(response);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers,
    });
  }

  put(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers });
  }

  patch(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers });
  }

  /** First visit: the CSRF cookie and an anonymous session. */
  async startVisit(): Promise<LightMyRequestResponse> {
    await this.get('/api/v1/auth/csrf');
    return this.post('/api/v1/auth/sign-in/anonymous');
  }

  async signUp(fields: { name?: string; email: string; password?: string; date_of_birth?: string }) {
    return this.post('/api/v1/auth/sign-up/email', {
      name: fields.name ?? 'Test Customer',
      email: fields.email,
      password: fields.password ?? STRONG_PASSWORD,
      date_of_birth: fields.date_of_birth ?? ADULT_BIRTH_DATE,
    });
  }

  async signIn(email: string, password: string = STRONG_PASSWORD) {
    return this.post('/api/v1/auth/sign-in/email', { email, password });
  }

  /** Registers and signs in; answers the sign-in response. */
  async register(email: string, password: string = STRONG_PASSWORD, name = 'Test Customer') {
    if (!this.cookie('csrf_token')) await this.get('/api/v1/auth/csrf');
    const signUp = await this.signUp({ email, password, name });
    if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
    const signIn = await this.signIn(email, password);
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
    return signIn;
  }

  async session() {
    const response = await this.get('/api/v1/auth/get-session');
    return response.json() as {
      session: { id: string; userId: string; expiresAt: string; token: string; createdAt: string };
      user: { id: string; email: string; name: string; isAnonymous: boolean; role: string };
    } | null;
  }
}

/** A random private address, so that tests do not share rate-limit buckets by accident. */
export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

let counter = 0;
/** A unique e-mail address for a test. */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.ug`;
}
