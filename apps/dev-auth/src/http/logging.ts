import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fields never written to a log, wherever they turn up (SPEC section 7). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.code',
  '*.code_verifier',
  '*.refresh_token',
  '*.access_token',
  '*.id_token',
  '*.client_secret',
  '*.csrf',
];

/** A request URL without its query string (which may carry codes, states and tokens). */
export function pathOnly(url: string | undefined): string {
  if (!url) return '';
  const query = url.search(/[?#]/);
  return query === -1 ? url : url.slice(0, query);
}

const serializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: pathOnly(req.url),
    remoteAddress: req.ip,
  }),
  res: (res: Pick<FastifyReply, 'statusCode'>) => ({ statusCode: res.statusCode }),
  err: (err: Error & { code?: unknown; statusCode?: unknown }) => ({
    type: err.name,
    message: err.message,
    stack: err.stack ?? '',
    errorCode: err.code,
    statusCode: err.statusCode,
  }),
};

/**
 * Fastify logger options: requests are logged by method, path and address only, never headers,
 * cookies, query strings or bodies; known secret fields are redacted from anything else logged.
 */
export function loggerOptions(
  logger: boolean | object | undefined,
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    level: 'info',
    ...base,
    serializers,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
