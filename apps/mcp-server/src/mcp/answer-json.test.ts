import { describe, expect, it } from 'vitest';
import { createTestApp, mcpHeaders } from '../test-support/app.js';
import { PEOPLE } from '../test-support/database.js';
import { answerJson } from './answer-json.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('answer JSON', () => {
  it('is the text JSON.stringify makes, whatever the value', () => {
    const frozen = deepFreeze({
      type: 'object',
      properties: { a: { type: 'string' } },
      list: [1, 'x'],
    });
    const values: unknown[] = [
      null,
      0,
      'text "quoted"\n',
      [1, undefined, () => 1, null, { a: undefined }],
      { a: 1, b: undefined, c: () => 1, d: [frozen, frozen], e: new Date(0), f: NaN, 'k"ey': true },
      { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 't', inputSchema: frozen }] } },
      Object.freeze({ shallow: { changes: 1 } }),
    ];
    for (const value of values) expect(answerJson(value)).toBe(JSON.stringify(value));
  });

  it('never reuses the text of a frozen object that holds something still changeable', () => {
    const inner = { n: 1 };
    const shallow = Object.freeze({ inner });
    expect(answerJson(shallow)).toBe('{"inner":{"n":1}}');
    inner.n = 2;
    expect(answerJson(shallow)).toBe('{"inner":{"n":2}}');
    let calls = 0;
    const accessor = Object.freeze(
      Object.defineProperty({}, 'n', { enumerable: true, get: () => ++calls }),
    );
    expect(answerJson(accessor)).toBe('{"n":1}');
    expect(answerJson(accessor)).toBe('{"n":2}');
  });

  it('serialises a real tools/list answer exactly as JSON.stringify, reusing the frozen schemas', async () => {
    const t = await createTestApp();
    try {
      const token = await t.token(PEOPLE.ada.id);
      const list = () =>
        t.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: mcpHeaders(token),
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        });
      const first = await list();
      const second = await list();
      expect(first.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(first.body).toBe(JSON.stringify(first.json()));
    } finally {
      await t.close();
    }
  });
});
