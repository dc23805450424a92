import { describe, expect, it } from 'vitest';
import { createOriginPolicy, loopbackAliases } from './origin.js';

describe('Origin policy', () => {
  it('accepts the loopback aliases of a loopback MCP origin, same scheme and port', () => {
    for (const mcpUrl of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const policy = createOriginPolicy(mcpUrl, []);
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
        expect(policy.allows(origin), `${origin} for ${mcpUrl}`).toBe(true);
      for (const origin of [
        'http://localhost:3001',
        'https://localhost:3000',
        'http://127.0.0.2:3001',
        'http://localhost.evil.test:3000',
        'null',
      ])
        expect(policy.allows(origin), `${origin} for ${mcpUrl}`).toBe(false);
    }
  });

  it('gives a non-loopback origin no aliases', () => {
    expect(loopbackAliases('https://mcp.example.com')).toEqual([]);
    expect(createOriginPolicy('https://mcp.example.com', []).allows('http://localhost:443')).toBe(
      false,
    );
    expect(loopbackAliases('http://localhost')).toEqual(['http://127.0.0.1', 'http://[::1]']);
  });
});
