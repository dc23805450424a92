import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Logger options: requests are logged as method, path (query string stripped: it may carry codes
 * or tokens), route and client address; headers, bodies and cookies are never logged (SPEC 7).
 */
export function loggerOptions(
  logger: boolean | object | undefined,
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  return {
    level: 'info',
    ...(typeof logger === 'object' ? logger : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        path: stripQuery(request.url),
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    redact: {
      paths: [
        'req.headers',
        'headers',
        'authorization',
        'cookie',
        'token',
        'password',
        '*.token',
        '*.password',
      ],
      censor: '[redacted]',
    },
  };
}

/** The path of a request URL without its query string. */
export function stripQuery(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}
