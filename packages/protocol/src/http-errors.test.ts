import { describe, expect, it } from 'vitest';
import { HttpErrorBodySchema } from './http-errors.js';

describe('HttpErrorBodySchema', () => {
  it('accepts the seed document authentication error body', () => {
    const body = {
      type: 'error',
      error: {
        type: 'authentication_error',
        message: 'The OAuth token has been invalidated. Please re-authenticate.',
        details: { error_code: 'mcp_invalid_oauth_token' },
      },
      request_id: 'req_abc123',
    };
    expect(HttpErrorBodySchema.parse(body)).toEqual(body);
  });

  it('refuses a request id without the req_ prefix', () => {
    const result = HttpErrorBodySchema.safeParse({
      type: 'error',
      error: { type: 'api_error', message: 'x', details: { error_code: 'mcp_unavailable' } },
      request_id: 'abc',
    });
    expect(result.success).toBe(false);
  });
});
