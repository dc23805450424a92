import { createHmac } from 'node:crypto';
import type { SigningJwk } from './keys.js';

/**
 * Cookie-signing secrets when `COOKIE_KEYS` is not set: one per signing key, derived from its private
 * part, newest first. The newest signs; older ones still verify, so a key rotation does not sign
 * everyone out, and a restart over the same database keeps browser sessions.
 */
export function deriveCookieKeys(keys: SigningJwk[]): string[] {
  return keys.map((key) =>
    createHmac('sha256', Buffer.from(key.d, 'base64url'))
      .update('ask-analyst dev-auth cookie key v1')
      .digest('base64url'),
  );
}

/** The secret that binds CSRF tokens to interactions, derived from the newest cookie key. */
export function deriveCsrfSecret(cookieKeys: string[]): Buffer {
  const [newest] = cookieKeys;
  if (!newest) throw new Error('no cookie key available');
  return createHmac('sha256', newest).update('ask-analyst dev-auth csrf v1').digest();
}
