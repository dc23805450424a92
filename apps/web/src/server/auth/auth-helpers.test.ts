import { describe, expect, it } from 'vitest';
import { cookieHeader, readCookie, sessionCookieName } from './cookies.js';
import { csrfAllows } from './csrf.js';
import { safeReturnPath } from './return-path.js';

const APP = 'http://localhost:4200';

describe('safeReturnPath', () => {
  it.each([
    ['/conversations/conv_1?x=1#t', '/conversations/conv_1?x=1#t'],
    ['/history', '/history'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/auth/login', '/'],
    [undefined, '/'],
  ])('%s opens %s', (candidate, expected) => {
    expect(safeReturnPath(candidate, APP)).toBe(expected);
  });
});

describe('cookies', () => {
  it('has the SPEC 9 flags, and the __Host- prefix with Secure over https', () => {
    expect(sessionCookieName(true)).toBe('__Host-aa_session');
    expect(cookieHeader('__Host-aa_session', 'v', { secure: true, maxAgeSeconds: 60 })).toBe(
      '__Host-aa_session=v; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=60',
    );
    expect(cookieHeader('aa_session', 'v', { secure: false })).not.toContain('Secure');
    expect(readCookie('a=1; aa_session=xyz; b=2', 'aa_session')).toBe('xyz');
  });
});

describe('csrfAllows', () => {
  const base = {
    method: 'POST',
    origin: APP,
    fetchSite: 'same-origin',
    token: 'token',
    expected: 'token',
    appOrigin: APP,
  };
  it('lets a same-origin call with the token through', () => {
    expect(csrfAllows(base)).toBe(true);
    expect(csrfAllows({ ...base, method: 'GET', token: undefined, origin: 'https://evil' })).toBe(
      true,
    );
  });
  it('refuses a cross-site call, or one without the right token', () => {
    expect(csrfAllows({ ...base, origin: 'https://evil.example' })).toBe(false);
    expect(csrfAllows({ ...base, fetchSite: 'cross-site' })).toBe(false);
    expect(csrfAllows({ ...base, token: undefined })).toBe(false);
    expect(csrfAllows({ ...base, token: 'other' })).toBe(false);
  });
});
