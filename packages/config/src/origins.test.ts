import { describe, expect, it } from 'vitest';
import { insecureOriginProblems, isLoopbackOrigin, isOrigin } from './origins.js';

describe('isOrigin', () => {
  it('accepts http and https origins exactly as URL.origin writes them', () => {
    expect(isOrigin('https://auth.example.com')).toBe(true);
    expect(isOrigin('http://localhost:4000')).toBe(true);
    expect(isOrigin('http://[::1]:3000')).toBe(true);
  });

  it('refuses a path, a trailing slash, other schemes, default ports, upper case and non-URLs', () => {
    expect(isOrigin('https://auth.example.com/')).toBe(false);
    expect(isOrigin('https://auth.example.com/oauth')).toBe(false);
    expect(isOrigin('ftp://files.example.com')).toBe(false);
    expect(isOrigin('https://auth.example.com:443')).toBe(false);
    expect(isOrigin('https://Auth.example.com')).toBe(false);
    expect(isOrigin('auth.example.com')).toBe(false);
    expect(isOrigin('')).toBe(false);
  });
});

describe('isLoopbackOrigin', () => {
  it('knows localhost, 127.0.0.0/8 and [::1] (RFC 8252 section 8.3)', () => {
    expect(isLoopbackOrigin('http://localhost:3000')).toBe(true);
    expect(isLoopbackOrigin('http://127.0.0.1:4000')).toBe(true);
    expect(isLoopbackOrigin('http://127.8.9.10')).toBe(true);
    expect(isLoopbackOrigin('http://[::1]:4000')).toBe(true);
  });

  it('refuses other hosts and non-URLs', () => {
    expect(isLoopbackOrigin('http://10.0.0.5:3000')).toBe(false);
    expect(isLoopbackOrigin('http://localhost.example.com')).toBe(false);
    expect(isLoopbackOrigin('http://128.0.0.1')).toBe(false);
    expect(isLoopbackOrigin('not a url')).toBe(false);
  });
});

describe('insecureOriginProblems', () => {
  const origins = [
    ['MCP_URL', 'https://mcp.example.com'],
    ['AUTH_URL', 'http://127.0.0.1:4000'],
    ['APP_URL', 'http://app.example.com'],
  ] as const;

  it('allows http on loopback only, outside production', () => {
    expect(insecureOriginProblems(origins, { production: false })).toEqual([
      'APP_URL must be https outside loopback (got http://app.example.com)',
    ]);
  });

  it('allows no http at all in production', () => {
    expect(insecureOriginProblems(origins, { production: true })).toEqual([
      'AUTH_URL must be https when NODE_ENV=production (got http://127.0.0.1:4000)',
      'APP_URL must be https when NODE_ENV=production (got http://app.example.com)',
    ]);
  });

  it('has nothing to say about https origins', () => {
    expect(
      insecureOriginProblems([['MCP_URL', 'https://mcp.example.com']], { production: true }),
    ).toEqual([]);
  });
});
