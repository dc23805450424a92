import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseMcpBody } from './json-rpc-body.js';

const parse = (text: string) => parseMcpBody({} as FastifyRequest, text);

describe('parseMcpBody', () => {
  it('parses an ordinary body and finds no prototype key', async () => {
    const body = await parse('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(body).toMatchObject({ isJson: true, hasPrototypeKey: false });
    expect(body.isJson && body.json).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
  });

  it('finds a __proto__ key however it is spelled and wherever it is', async () => {
    for (const text of [
      '{"__proto__":{"x":1}}',
      '{"params":{"arguments":{"a":[{"__proto__":1}]}}}',
      '{"\\u005f_proto__":{}}',
      '{"params":{"\\u005F\\u005Fproto\\u005F\\u005F":1}}',
    ]) {
      expect(await parse(text), text).toMatchObject({ isJson: true, hasPrototypeKey: true });
    }
  });

  it('keeps a __proto__ that is only a value, and escapes that spell other keys', async () => {
    expect(await parse('{"q":"__proto__","k":"\\u00e9"}')).toMatchObject({
      isJson: true,
      hasPrototypeKey: false,
    });
  });

  it('keeps malformed JSON as text for the SDK to answer -32700', async () => {
    expect(await parse('{"jsonrpc":')).toEqual({ text: '{"jsonrpc":', isJson: false });
  });
});
