/**
 * `scheme://host[:port]` of an `http` or `https` URL exactly as `URL.origin` writes it: no path, no
 * trailing slash, lower-case host, no default port (SPEC section 1: `iss` and `aud` compare exactly).
 */
export function isOrigin(value: string): boolean {
  const url = URL.parse(value);
  return (url?.protocol === 'https:' || url?.protocol === 'http:') && url.origin === value;
}

/**
 * Whether the URL's host is loopback (RFC 8252 section 8.3): `localhost`, 127.0.0.0/8 or `[::1]`.
 * False for a value that is not a URL.
 */
export function isLoopbackOrigin(value: string): boolean {
  const hostname = URL.parse(value)?.hostname ?? '';
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** A configured origin and the setting it came from, e.g. `['MCP_URL', 'https://mcp.example.com']`. */
export type NamedOrigin = readonly [name: string, origin: string];

/**
 * The transport rule of SPEC section 1, one message per origin that breaks it: every origin is
 * `https`, except loopback origins in development (OAuth 2.1 section 1.5 allows `http` only for
 * loopback); with `NODE_ENV=production` not even those.
 */
export function insecureOriginProblems(
  origins: readonly NamedOrigin[],
  options: { production: boolean },
): string[] {
  return origins.flatMap(([name, value]) => {
    if (URL.parse(value)?.protocol === 'https:') return [];
    if (options.production)
      return [`${name} must be https when NODE_ENV=production (got ${value})`];
    if (!isLoopbackOrigin(value)) return [`${name} must be https outside loopback (got ${value})`];
    return [];
  });
}
