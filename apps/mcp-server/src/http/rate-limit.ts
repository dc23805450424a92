import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.js';
import { WindowCounter } from '../limits/window-counter.js';
import { stripQuery } from '../logging.js';
import { sendHttpError } from './error-handler.js';

export interface IpRateLimitOptions {
  /** Requests per client IP per minute (REQUESTS_PER_IP_PER_MINUTE). */
  perMinute: number;
  now: () => number;
  /** Paths never counted (health checks of the load balancer). */
  exemptPaths: readonly string[];
}

/**
 * Per-client-IP request limit (SPEC section 7): over it, `429` with `Retry-After`. The client IP is
 * `request.ip`, which honours TRUST_PROXY. Counters live in this process: with N replicas a client
 * may get up to N times the limit.
 */
export const ipRateLimitPlugin = fp<IpRateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const counter = new WindowCounter(options.perMinute, 60_000, options.now);
    const exempt = new Set(options.exemptPaths);
    app.addHook('onRequest', async (request, reply) => {
      if (exempt.has(stripQuery(request.url))) return;
      const verdict = counter.hit(request.ip);
      if (verdict.allowed) return;
      return sendHttpError(
        request,
        reply,
        new HttpError(
          'mcp_rate_limited',
          `Too many requests from this address. Retry in ${verdict.retryAfterSeconds} seconds.`,
          { headers: { 'retry-after': String(verdict.retryAfterSeconds) } },
        ),
      );
    });
  },
  { name: 'ip-rate-limit', fastify: '5.x', dependencies: ['request-id', 'error-handling'] },
);
