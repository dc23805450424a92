import type { IncomingMessage } from 'node:http';

const addresses = new WeakMap<IncomingMessage, string>();

/**
 * Remembers the client address Fastify resolved for a request (under its `trustProxy` rule) before
 * the raw request is handed to the provider, whose Koa `ctx.ip` would trust `X-Forwarded-For`
 * differently (leftmost entry, which the client chooses).
 */
export function rememberClientAddress(req: IncomingMessage, address: string): void {
  addresses.set(req, address);
}

/** The address `rememberClientAddress` stored, else the socket's peer. */
export function clientAddressOf(req: IncomingMessage): string {
  return addresses.get(req) ?? req.socket.remoteAddress ?? 'unknown';
}
