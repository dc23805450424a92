import { describe, expect, it } from 'vitest';
import { SIZED_ANSWER_BYTES, sizedAnswer } from './sized-answer.js';

describe('a sized answer', () => {
  it('is a JSON-RPC result of exactly the bytes asked, with the request id', () => {
    for (const bytes of [64, 1_000, 62_443]) {
      const answer = sizedAnswer(7, bytes);
      expect(answer.length).toBe(bytes);
      expect(JSON.parse(answer.toString())).toMatchObject({ jsonrpc: '2.0', id: 7, result: {} });
    }
    expect(JSON.parse(sizedAnswer('é-1', 200).toString())).toMatchObject({ id: 'é-1' });
    expect(sizedAnswer('é-1', 200).length).toBe(200);
  });

  it('refuses sizes outside its bounds, or too small for the id', () => {
    expect(() => sizedAnswer(1, SIZED_ANSWER_BYTES.min - 1)).toThrow(RangeError);
    expect(() => sizedAnswer(1, SIZED_ANSWER_BYTES.max + 1)).toThrow(RangeError);
    expect(() => sizedAnswer(1, 100.5)).toThrow(RangeError);
    expect(() => sizedAnswer('x'.repeat(100), 64)).toThrow(/needs more bytes/);
  });
});
