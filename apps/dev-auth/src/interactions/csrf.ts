import { createHmac, timingSafeEqual } from 'node:crypto';

/** The parts of an interaction a CSRF token is bound to. */
export interface CsrfBinding {
  /** The interaction id (in the URL). */
  uid: string;
  /** A random id the provider keeps inside the interaction and never sends out. */
  cid?: string | undefined;
  /** Which form the token is for, so a sign-in token cannot submit a consent. */
  form: 'login' | 'consent';
}

/**
 * A CSRF token bound to one interaction and form: an HMAC under a server secret of the interaction's
 * ids. The forms only load, and only submit, with the interaction's signed, `SameSite=Lax`
 * cookie, and this token proves the submitting page was rendered for that same interaction.
 */
export function csrfToken(secret: Buffer, binding: CsrfBinding): string {
  return createHmac('sha256', secret)
    .update(`${binding.form}\u0000${binding.uid}\u0000${binding.cid ?? ''}`)
    .digest('base64url');
}

/** Constant-time check of a submitted token. */
export function verifyCsrfToken(secret: Buffer, binding: CsrfBinding, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const expected = Buffer.from(csrfToken(secret, binding));
  const actual = Buffer.from(presented);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
