import type { FastifyRequest } from 'fastify';

/** A POST /mcp body as read once: the raw text and, when it is JSON, its value. */
export type McpBody =
  | { text: string; json: unknown; isJson: true; hasPrototypeKey: boolean }
  | { text: string; isJson: false };

/**
 * Content-type parser for `/mcp`: keeps the text and parses JSON itself, so malformed JSON reaches
 * the SDK, which answers it with JSON-RPC `-32700` (SPEC section 4) instead of a framework error.
 */
export function parseMcpBody(_request: FastifyRequest, text: string): Promise<McpBody> {
  try {
    // A `__proto__` key is spelled out or escaped (`\u005f…`); a text with neither has none, and
    // is parsed without a reviver (which costs more than the parse itself).
    if (!text.includes('__proto__') && !text.includes('\\u')) {
      return Promise.resolve({
        text,
        json: JSON.parse(text) as unknown,
        isJson: true,
        hasPrototypeKey: false,
      });
    }
    let hasPrototypeKey = false;
    const json = JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') hasPrototypeKey = true;
      return value;
    }) as unknown;
    return Promise.resolve({ text, json, isJson: true, hasPrototypeKey });
  } catch {
    return Promise.resolve({ text, isJson: false });
  }
}

/** The tool names of the `tools/call` requests in a JSON-RPC body (one message or a batch). */
export function calledToolNames(body: McpBody | undefined): string[] {
  if (!body?.isJson) return [];
  const messages = Array.isArray(body.json) ? (body.json as unknown[]) : [body.json];
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null) return [];
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call' || typeof params?.name !== 'string') return [];
    return [params.name];
  });
}

/** The methods of the requests in a JSON-RPC body (one message or a batch). */
export function requestedMethods(body: McpBody | undefined): string[] {
  if (!body?.isJson) return [];
  const messages = Array.isArray(body.json) ? (body.json as unknown[]) : [body.json];
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null) return [];
    const { method } = message as { method?: unknown };
    return typeof method === 'string' ? [method] : [];
  });
}
