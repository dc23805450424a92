import { timingSafeEqual } from 'node:crypto';

/** The header a state-changing call carries its session's CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

export interface CsrfInput {
  method: string;
  /** The `Origin` header, when the browser sent one. */
  origin: string | undefined;
  /** The `Sec-Fetch-Site` header, when the browser sent one. */
  fetchSite: string | undefined;
  /** The token the request carries in `CSRF_HEADER`. */
  token: string | undefined;
  /** The session's token. */
  expected: string;
  appOrigin: string;
}

/**
 * Whether a request may change state (OWASP CSRF cheat sheet): safe methods always; others only
 * same-origin (an `Origin` or `Sec-Fetch-Site` that says otherwise is refused) and carrying the
 * session's synchronizer token, which another site cannot read.
 */
export function csrfAllows(input: CsrfInput): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(input.method)) return true;
  if (input.origin !== undefined && input.origin !== input.appOrigin) return false;
  if (input.fetchSite !== undefined && input.fetchSite !== 'same-origin') return false;
  if (!input.token) return false;
  const given = Buffer.from(input.token);
  const expected = Buffer.from(input.expected);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
