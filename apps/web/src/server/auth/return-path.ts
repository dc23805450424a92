/** Where the app goes when no (acceptable) return path was given. */
export const HOME = '/';

/**
 * The path to open after sign-in, or `/`: only a same-origin path is followed (an absolute path
 * that is not protocol-relative, with no backslash or control character that a browser could read
 * as another origin), so the return path cannot make the app an open redirector
 * (OAuth 2.0 Security BCP, RFC 9700 section 4.11). Query and fragment are kept.
 */
export function safeReturnPath(candidate: unknown, appUrl: string): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) {
    return HOME;
  }
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return HOME;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return HOME;
  const base = new URL(appUrl);
  let resolved: URL;
  try {
    resolved = new URL(candidate, base);
  } catch {
    return HOME;
  }
  if (resolved.origin !== base.origin) return HOME;
  if (resolved.pathname.startsWith('/auth/')) return HOME;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
