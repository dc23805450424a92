import { isIP } from 'node:net';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** A `fetch` as the provider calls it (it adds a 2.5 s timeout and an SSRF-guarding dispatcher). */
export type ProviderFetch = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

export interface ClientIdMetadataOptions {
  /** Dev only: allow documents on loopback and private addresses (e.g. a local test client). */
  allowPrivateHosts: boolean;
  /** The fetch to use (tests pass a fake); defaults to the global one. */
  fetch?: ProviderFetch | undefined;
}

/** Cap on a Client ID Metadata Document's size, in bytes. */
export const CLIENT_METADATA_DOCUMENT_LIMIT = 5 * 1024;

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document): an https `client_id`
 * is fetched as the client's metadata. SSRF guards (SPEC section 3): the provider accepts only
 * https URLs without credentials or dot segments, aborts after 2.5 s, caps the body at 5 KiB and
 * refuses connections to special-use addresses; on top of that this refuses loopback names and IP
 * literals before any fetch, unless dev allows private hosts.
 */
export function clientIdMetadataDocument(options: ClientIdMetadataOptions) {
  return {
    enabled: true,
    ack: 'draft-02',
    allowFetch: (_ctx: KoaContextWithOIDC, clientId: string) =>
      options.allowPrivateHosts || isPublicHostname(new URL(clientId).hostname),
    allowClient: () => true,
    cacheDuration: { min: 60, max: 24 * 60 * 60 },
  };
}

/** The provider's `fetch`: the given one, minus the special-use-address guard when dev allows private hosts. */
export function providerFetch(options: ClientIdMetadataOptions): ProviderFetch {
  const base: ProviderFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  if (!options.allowPrivateHosts) return base;
  return (input, init) => {
    const rest: RequestInit & { dispatcher?: unknown } = { ...init };
    delete rest.dispatcher;
    return base(input, rest);
  };
}

function isPublicHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  return isIP(host) === 0;
}
