import type { Socket } from 'node:net';
import { httpErrorBody } from '../errors.js';
import { generateRequestId } from '../request-id.js';

/**
 * Fastify `clientErrorHandler`: a request Node's HTTP parser refused before Fastify saw it (headers
 * over the size limit, a malformed request line) still gets the SPEC section 2 body with a request
 * id, not Fastify's own: 431 for oversized headers, 408 for a request that timed out, else 400.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const requestId = generateRequestId();
  const body = JSON.stringify(httpErrorBody('mcp_invalid_request', message, requestId));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
