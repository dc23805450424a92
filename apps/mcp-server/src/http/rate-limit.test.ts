import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.js';

describe('per-IP limit over rotating source addresses', () => {
  it('keeps its store bounded and still limits a client that stays', async () => {
    const t = await createTestApp({ REQUESTS_PER_IP_PER_MINUTE: '5' });
    try {
      for (let i = 0; i < 300; i += 1) {
        const response = await t.app.inject({
          url: '/.well-known/oauth-protected-resource',
          remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        });
        expect(response.statusCode).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push(
          (await t.app.inject({ url: '/.well-known/oauth-protected-resource' })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
