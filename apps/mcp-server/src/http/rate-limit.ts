import { WindowCounter } from '@ask-analyst/service';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.js';
import { stripQuery } from '../logging.js';

export interface IpRateLimitOptions {
  /** Requests per client IP per minute (REQUESTS_PER_IP_PER_MINUTE). */
  perMinute: number;
  now: () => number;
  /** Paths never counted (health checks of the load balancer). */
  exemptPaths: readonly string[];
  /** Client addresses remembered at most (bounded store). */
  maxKeys?: number;
}

type IncrementCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * Per-client-IP request limit (SPEC section 7) with `@fastify/rate-limit`: over it, `429` with
 * `Retry-After` and the seed's error body. The client IP is `request.ip`, which honours
 * TRUST_PROXY. Counters live in this process (a bounded LRU: rotating source addresses cost the
 * same per request as one); with N replicas a client may get up to N times the limit.
 */
export const ipRateLimitPlugin = fp<IpRateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const windowMs = 60_000;
    const counter = new WindowCounter(options.perMinute, windowMs, options.now, options.maxKeys);
    const exempt = new Set(options.exemptPaths);
    // The plugin's store contract, over the counter (so the limit follows the app's clock).
    class CounterStore {
      incr(key: string, callback: IncrementCallback): void {
        const { count, resetAt } = counter.count(key);
        callback(null, { current: count, ttl: Math.max(0, resetAt - options.now()) });
      }
      child(): CounterStore {
        return this;
      }
    }
    await app.register(rateLimit, {
      // Not per route: a route's hooks run after those of its encapsulated context, so the bearer
      // gate of `/mcp` answered 401 before a request was counted. One hook of the root context
      // runs first for every route, so refused requests count too.
      global: false,
      max: options.perMinute,
      timeWindow: windowMs,
      store: CounterStore,
      keyGenerator: (request) => request.ip,
      allowList: (request) => exempt.has(stripQuery(request.url)),
      addHeaders: {
        'retry-after': true,
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new HttpError(
          'mcp_rate_limited',
          `Too many requests from this address. Retry in ${seconds} seconds.`,
          { headers: { 'retry-after': String(seconds) } },
        );
      },
    });
    app.addHook('onRequest', app.rateLimit());
  },
  { name: 'ip-rate-limit', fastify: '5.x', dependencies: ['request-id', 'error-handling'] },
);
