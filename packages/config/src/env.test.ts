import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  blankToUndefined,
  envBoolean,
  envInt,
  envOptionalString,
  envOrigins,
  envString,
  envTrustProxy,
  parseTrustProxy,
} from './env.js';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('blankToUndefined', () => {
  it('turns empty and blank strings into undefined and leaves everything else', () => {
    expect(blankToUndefined('')).toBeUndefined();
    expect(blankToUndefined('  ')).toBeUndefined();
    expect(blankToUndefined(' x ')).toBe(' x ');
    expect(blankToUndefined(0)).toBe(0);
  });
});

describe('envInt', () => {
  const port = envInt(3000, 0, 65_535);

  it('reads a whole number, with the fallback when unset or blank', () => {
    expect(port.parse('8080')).toBe(8080);
    expect(port.parse(undefined)).toBe(3000);
    expect(port.parse(' ')).toBe(3000);
  });

  it('refuses fractions, words and values out of range', () => {
    expect(port.safeParse('80.5').success).toBe(false);
    expect(port.safeParse('many').success).toBe(false);
    expect(port.safeParse('-1').success).toBe(false);
    expect(port.safeParse('65536').success).toBe(false);
    expect(envInt(1, 1).safeParse('0').success).toBe(false);
  });
});

describe('envString and envOptionalString', () => {
  it('use the fallback, or undefined, when unset or blank', () => {
    expect(envString('.data').parse('/var/aa')).toBe('/var/aa');
    expect(envString('.data').parse('')).toBe('.data');
    expect(envString('.data').parse(undefined)).toBe('.data');
    expect(envOptionalString().parse('postgres://db/aa')).toBe('postgres://db/aa');
    expect(envOptionalString().parse(' ')).toBeUndefined();
  });
});

describe('envBoolean', () => {
  it('reads true or false, with the fallback when unset or blank, and refuses anything else', () => {
    expect(envBoolean(false).parse('true')).toBe(true);
    expect(envBoolean(true).parse('false')).toBe(false);
    expect(envBoolean(true).parse(' ')).toBe(true);
    expect(envBoolean(false).parse(undefined)).toBe(false);
    expect(envBoolean(false).safeParse('yes').success).toBe(false);
  });
});

describe('envOrigins', () => {
  const origin = envOrigins('https://mcp.example.com');

  it('reads an origin, with the fallback or undefined when unset or blank', () => {
    expect(origin.withDefault('http://localhost:3000').parse('https://mcp.example.com')).toBe(
      'https://mcp.example.com',
    );
    expect(origin.withDefault('http://localhost:3000').parse('')).toBe('http://localhost:3000');
    expect(origin.optional().parse(undefined)).toBeUndefined();
    expect(origin.optional().parse('https://app.example.com')).toBe('https://app.example.com');
  });

  it('refuses a path or trailing slash with a message naming the example', () => {
    const message =
      'must be an origin such as https://mcp.example.com (no path, no trailing slash)';
    expect(
      messages(origin.withDefault('http://localhost:3000'), 'https://mcp.example.com/'),
    ).toEqual([message]);
    expect(messages(origin.optional(), 'https://mcp.example.com/mcp')).toEqual([message]);
  });
});

describe('parseTrustProxy and envTrustProxy', () => {
  it('reads true, false, a hop count or a list of addresses', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy(' FALSE ')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('trusts no proxy when TRUST_PROXY is unset or blank', () => {
    expect(envTrustProxy().parse(undefined)).toBe(false);
    expect(envTrustProxy().parse('')).toBe(false);
    expect(envTrustProxy().parse('1')).toBe(1);
  });
});
