import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionTokenOf } from './session-lookup';

const SECRET = 'a-test-secret-of-thirty-two-characters!';
const COOKIE = 'kc.session_token';
const TOKEN = 'Qm9vdGxlT2ZQcm9zZWNjb0Zyb21Bc29s';

/** The cookie value better-auth sets: `token.base64(HMAC-SHA256)`, URL-encoded. */
function signed(token: string, secret = SECRET) {
  const signature = crypto.createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

describe('the session token of a request', () => {
  it('reads a signed session cookie among others', () => {
    expect(sessionTokenOf({ cookie: `age=yes; ${COOKIE}=${signed(TOKEN)}; x=1` }, COOKIE, SECRET)).toBe(
      TOKEN,
    );
  });

  it('refuses a cookie whose signature is wrong, missing or made with another secret', () => {
    const good = decodeURIComponent(signed(TOKEN));
    const tampered = `${good.slice(0, -3)}AA=`;
    for (const value of [
      encodeURIComponent(tampered),
      TOKEN,
      `${TOKEN}.`,
      signed(TOKEN, 'another-secret-of-thirty-two-chars!!'),
      signed(`${TOKEN}x`).replace(encodeURIComponent(`${TOKEN}x`), TOKEN),
    ]) {
      expect(sessionTokenOf({ cookie: `${COOKIE}=${value}` }, COOKIE, SECRET)).toBeNull();
    }
  });

  it('ignores a cookie of another name', () => {
    expect(sessionTokenOf({ cookie: `other=${signed(TOKEN)}` }, COOKIE, SECRET)).toBeNull();
  });

  it('takes a bearer token as sign-in answers it, or signed, before the cookie', () => {
    const cookie = `${COOKIE}=${signed('cookieToken')}`;
    expect(sessionTokenOf({ authorization: `Bearer ${TOKEN}`, cookie }, COOKIE, SECRET)).toBe(TOKEN);
    expect(sessionTokenOf({ authorization: `bearer ${signed(TOKEN)}` }, COOKIE, SECRET)).toBe(TOKEN);
  });

  it('falls back to the cookie when a signed bearer token does not verify, or the scheme is not bearer', () => {
    const cookie = `${COOKIE}=${signed('cookieToken')}`;
    expect(
      sessionTokenOf({ authorization: `Bearer ${TOKEN}.${'A'.repeat(43)}=`, cookie }, COOKIE, SECRET),
    ).toBe('cookieToken');
    expect(sessionTokenOf({ authorization: `Basic ${TOKEN}` }, COOKIE, SECRET)).toBeNull();
    expect(sessionTokenOf({ authorization: 'Bearer    ' }, COOKIE, SECRET)).toBeNull();
  });
});
