import { describe, expect, it } from 'vitest';
import { ToolErrorSchema } from './tool-errors.js';

describe('ToolErrorSchema', () => {
  it('accepts an invalid_argument error naming the field', () => {
    const content = {
      error: {
        code: 'invalid_argument',
        message: 'Argument "limit": Too big: expected number to be <=100',
        retryable: false,
        requestId: 'req_abc123',
        field: 'limit',
      },
    };
    expect(ToolErrorSchema.parse(content)).toEqual(content);
  });

  it('refuses a code outside the stable list', () => {
    const result = ToolErrorSchema.safeParse({
      error: { code: 'oops', message: 'x', retryable: false, requestId: 'req_1' },
    });
    expect(result.success).toBe(false);
  });
});
