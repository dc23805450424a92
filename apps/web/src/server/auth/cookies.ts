/** The session cookie's name: `__Host-` over https, which pins it to this origin and path `/`. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-aa_session' : 'aa_session';
}

/** The sign-in-in-progress cookie that binds `state` to the browser that started the sign-in. */
export function signInCookieName(secure: boolean): string {
  return secure ? '__Host-aa_sign_in' : 'aa_sign_in';
}

/**
 * A `Set-Cookie` value with SPEC section 9's flags: HttpOnly, SameSite=Lax, Path=/, Secure over
 * https; `maxAgeSeconds` 0 deletes the cookie.
 */
export function cookieHeader(
  name: string,
  value: string,
  options: { secure: boolean; maxAgeSeconds?: number },
): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join('; ');
}

/** The value of one cookie of a `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
