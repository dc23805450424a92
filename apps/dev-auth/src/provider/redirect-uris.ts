import { errors, type Provider } from 'oidc-provider';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An `http` URL on a loopback host (RFC 8252 section 7.3), without credentials or fragment. */
export function parseLoopbackRedirect(value: string): URL | undefined {
  const url = URL.parse(value);
  if (!url || url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  if (url.username || url.password || url.hash || value.includes('#')) return undefined;
  return url;
}

/** Whether a redirect URI may be registered at all: https, or http on a loopback host. */
export function isAcceptableRedirectUri(value: string): boolean {
  const url = URL.parse(value);
  if (!url || url.hash || value.includes('#')) return false;
  return url.protocol === 'https:' || parseLoopbackRedirect(value) !== undefined;
}

/**
 * `extraClientMetadata.validator` for every client the provider loads (registered, pre-registered,
 * metadata-document): redirect URIs must be https or loopback http (SPEC section 3). A description
 * starting with `redirect_uris` makes the provider answer `invalid_redirect_uri` (RFC 7591 section 3.2.2).
 */
export function validateRedirectUris(_ctx: unknown, key: string, value: unknown): void {
  if (key !== 'redirect_uris' || !Array.isArray(value)) return;
  for (const uri of value) {
    if (typeof uri === 'string' && !isAcceptableRedirectUri(uri)) {
      throw new errors.InvalidClientMetadata(
        'redirect_uris must use https, or http on a loopback address (localhost, 127.0.0.1 or [::1])',
      );
    }
  }
}

/**
 * Loopback redirect matching per RFC 8252 section 7.3: the port of a loopback redirect URI is
 * chosen by the native app at run time, so any port matches a registered loopback URI with the
 * same host and path. Clients in `anyLoopbackPath` (the pre-registered code-editor client) may use
 * any port and any path on any loopback host.
 */
export function installLoopbackRedirectPolicy(
  provider: Provider,
  anyLoopbackPath: ReadonlySet<string>,
): void {
  const proto = provider.Client.prototype;
  const exact: (this: typeof proto, value: string) => boolean = Reflect.get(
    proto,
    'redirectUriAllowed',
  );
  proto.redirectUriAllowed = function redirectUriAllowed(value: string): boolean {
    if (exact.call(this, value)) return true;
    const asked = parseLoopbackRedirect(value);
    if (!asked) return false;
    if (anyLoopbackPath.has(this.clientId)) return true;
    return (this.redirectUris ?? []).some((registered) => {
      const known = parseLoopbackRedirect(registered);
      return (
        known !== undefined &&
        known.hostname === asked.hostname &&
        known.pathname === asked.pathname &&
        known.search === asked.search
      );
    });
  };
}
