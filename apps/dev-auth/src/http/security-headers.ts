import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { PAGE_CSP } from '../interactions/pages.js';

/** On every response: no framing (clickjacking), no MIME sniffing. */
const BASE_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

/**
 * Headers of this app's own pages: the base set, a strict CSP (no script, one stylesheet, no
 * framing) and no caching (they carry CSRF tokens). The referrer policy is `same-origin`, not
 * `no-referrer`: under `no-referrer` browsers send `Origin: null` with form posts, and the forms
 * check `Origin`. Nothing on the pages leads off-site but the final redirect to the client.
 */
export function applyPageHeaders(reply: FastifyReply): void {
  void reply.headers({
    ...BASE_HEADERS,
    'content-security-policy': PAGE_CSP,
    'cache-control': 'no-store',
    'referrer-policy': 'same-origin',
  });
}

/**
 * Headers set on the raw response before the provider writes it. The provider's own HTML (errors,
 * form_post) keeps working: its CSP only forbids framing.
 */
export function applyProviderHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
  // Authorization requests and responses carry codes and states in their URLs.
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('content-security-policy', "frame-ancestors 'none'");
}
