/** What a resource declares in `_meta.ui.csp` (MCP Apps). */
export interface DeclaredCsp {
  resourceDomains?: string[];
  connectDomains?: string[];
}

/** Allowances a development server needs on top of the declared policy, each named. */
export interface DevAllowances {
  /** A nonce for the scripts and styles Vite writes inline (React refresh, injected CSS). */
  nonce?: string;
  /** Where hot reload's websocket connects (the dev server's own ws:// origin). */
  connect?: string[];
}

/**
 * The CSP a host derives from the resource's `_meta.ui.csp`: nothing but the CDN (SPEC section
 * 5). The e2e host page and the playground apply the same policy; the playground's dev server adds
 * only the allowances it names.
 */
export function cspOf(csp: DeclaredCsp, dev: DevAllowances = {}): string {
  const nonce = dev.nonce ? ` 'nonce-${dev.nonce}'` : '';
  const load = (csp.resourceDomains ?? []).join(' ') || "'none'";
  const connect = [...(csp.connectDomains ?? []), ...(dev.connect ?? [])].join(' ') || "'none'";
  return [
    "default-src 'none'",
    `script-src ${load}${nonce}`,
    `style-src ${load}${nonce}`,
    `img-src ${load} data:`,
    `font-src ${load}`,
    `media-src ${load}`,
    `connect-src ${connect}`,
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
