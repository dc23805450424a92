import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.js';

/** How long a graceful stop lets in-flight requests finish before long streams are ended. */
export const DEFAULT_DRAIN_MS = 5_000;

/**
 * The state of a graceful stop, shared by the root context (which refuses new requests) and the
 * MCP endpoint (which ends its long streams once the drain is over).
 */
export interface ShutdownGate {
  readonly closing: boolean;
  /** Starts closing (idempotent) and resolves when no request is in flight or `drainMs` passed. */
  drain(): Promise<void>;
}

export interface ShutdownOptions {
  drainMs?: number;
}

/**
 * Graceful stop for `app.close()` (SPEC section 1): from the first `preClose` hook on, new requests
 * get the SPEC section 2 `503 mcp_unavailable` body with `x-request-id` (not Fastify's own 503) and
 * `Connection: close`; in-flight requests get up to `drainMs` to finish. Registered as the root
 * plugin `shutdown`; the gate is `app.shutdownGate`.
 */
export const shutdownPlugin = fp(
  async (app: FastifyInstance, options: ShutdownOptions) => {
    const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
    let closing = false;
    let inFlight = 0;
    let idle: (() => void) | null = null;
    let drained: Promise<void> | null = null;

    const gate: ShutdownGate = {
      get closing() {
        return closing;
      },
      drain() {
        closing = true;
        drained ??= new Promise<void>((resolve) => {
          if (inFlight === 0) return resolve();
          const timer = setTimeout(resolve, drainMs);
          timer.unref();
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        return drained;
      },
    };
    app.decorate('shutdownGate', gate);

    app.addHook('onRequest', (request, reply, done) => {
      if (closing) {
        reply.header('connection', 'close');
        done(new HttpError('mcp_unavailable', undefined, { headers: { 'retry-after': '1' } }));
        return;
      }
      inFlight += 1;
      reply.raw.once('close', () => {
        inFlight -= 1;
        if (inFlight === 0 && idle) idle();
      });
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('preClose', async () => gate.drain());
  },
  { name: 'shutdown', fastify: '5.x', dependencies: ['request-id', 'error-handling'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    shutdownGate: ShutdownGate;
  }
}
