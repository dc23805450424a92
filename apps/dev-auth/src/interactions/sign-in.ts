import {
  findPrincipalForSignIn,
  passwordNeedsRehash,
  hashPassword,
  type Principal,
  type Queryable,
  replacePasswordHash,
  verifyPassword,
} from '@ask-analyst/workspace';
import { type AccessRefusal, accessRefusal } from '../provider/accounts.js';

export type SignInOutcome =
  | { kind: 'signed-in'; principal: Principal }
  | { kind: 'refused'; reason: AccessRefusal; userId: string }
  | { kind: 'invalid' };

/** The one answer for an unknown email and a wrong password (no account enumeration). */
export const INVALID_CREDENTIALS = 'The email or password is incorrect.';

/**
 * Checks a sign-in. The password is verified (in constant time, against a decoy hash for unknown
 * emails) before anything about the account is looked at, so only the right password learns that
 * the account is revoked or its organization not enrolled. A hash made at a lower scrypt cost than
 * the current one is replaced after a correct password.
 */
export async function authenticate(
  db: Queryable,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  const found = email && password ? await findPrincipalForSignIn(db, email) : null;
  const valid = await verifyPassword(password, found?.passwordHash ?? null);
  if (!found || !valid) return { kind: 'invalid' };
  if (found.passwordHash && passwordNeedsRehash(found.passwordHash)) {
    // The hash was made at a lower cost than today's: store a fresh one while the password is at hand.
    const stronger = await hashPassword(password);
    await replacePasswordHash(db, found.principal.userId, found.passwordHash, stronger);
  }
  const reason = accessRefusal(found.principal);
  return reason
    ? { kind: 'refused', reason, userId: found.principal.userId }
    : { kind: 'signed-in', principal: found.principal };
}
