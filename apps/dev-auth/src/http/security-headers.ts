import { fastifyHelmet, type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import { PAGE_CSP_DIRECTIVES } from '../interactions/pages.js';

/**
 * The policy of every response (helmet, registered on the root): no framing (clickjacking), no MIME
 * sniffing, HSTS, and no referrer, since authorization requests and responses carry codes and
 * states in their URLs. The CSP only forbids framing: the provider's own HTML (errors, form_post)
 * must keep working.
 */
export const BASE_SECURITY_POLICY: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: fastifyHelmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
      frameAncestors: ["'none'"],
    },
  },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Discovery and the JWKS are read cross-origin by browser-based clients (through CORS).
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * What this app's own pages add: a strict CSP (no script, one stylesheet, no framing). The
 * referrer policy is `same-origin`, not `no-referrer`: under `no-referrer` browsers send
 * `Origin: null` with form posts, and the forms check `Origin`. Nothing on the pages leads
 * off-site but the final redirect to the client.
 */
const PAGE_SECURITY_POLICY: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: PAGE_CSP_DIRECTIVES },
  referrerPolicy: { policy: 'same-origin' },
};

/**
 * Headers of this app's own pages: the page policy over the base one (through helmet's reply
 * decorator) and no caching (they carry CSRF tokens).
 */
export function applyPageHeaders(reply: FastifyReply): void {
  reply.helmet(PAGE_SECURITY_POLICY);
  void reply.header('cache-control', 'no-store');
}
