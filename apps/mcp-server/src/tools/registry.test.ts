import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SCOPES } from '@ask-analyst/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredScope, tools } from './index.js';

const here = new URL('./', import.meta.url);
const fileOf = (name: string) => name.replaceAll('_', '-');

describe('tool registry', () => {
  it('has unique snake_case names', () => {
    const names = tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('registers every tool defined in this folder, each in its own file with a test', () => {
    const defined = readdirSync(here)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /\bdefineTool\(\{/.test(readFileSync(new URL(file, here), 'utf8')))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(defined.sort()).toEqual(tools.map((tool) => fileOf(tool.name)).sort());
    for (const tool of tools) {
      expect(
        existsSync(new URL(`${fileOf(tool.name)}.test.ts`, here)),
        `${tool.name} has a test file`,
      ).toBe(true);
    }
  });

  for (const tool of tools) {
    describe(tool.name, () => {
      it('has a title and a description for a model of bounded length', () => {
        expect(tool.title.trim().length).toBeGreaterThan(3);
        expect(tool.description.length).toBeGreaterThanOrEqual(80);
        expect(tool.description.length).toBeLessThanOrEqual(1200);
      });

      it('declares every annotation, never destructive, never open-world', () => {
        expect(Object.keys(tool.annotations).sort()).toEqual(
          ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint'].sort(),
        );
        for (const value of Object.values(tool.annotations)) expect(typeof value).toBe('boolean');
        expect(tool.annotations.destructiveHint).toBe(false);
        expect(tool.annotations.openWorldHint).toBe(false);
      });

      it('needs a known scope, and read-only tools need no more than workbooks.read', () => {
        expect(SCOPES).toContain(tool.scope);
        expect(requiredScope(tool.name)).toBe(tool.scope);
        if (tool.annotations.readOnlyHint) expect(tool.scope).toBe('workbooks.read');
      });

      it('has object input and output schemas, every input field described', () => {
        const input = z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as {
          type?: string;
          properties?: Record<string, { description?: string }>;
        };
        expect(input.type).toBe('object');
        for (const [field, schema] of Object.entries(input.properties ?? {})) {
          expect(schema.description, `${tool.name}.${field} has a description`).toBeTruthy();
        }
        expect(
          (
            z.toJSONSchema(tool.outputSchema, { io: 'output', unrepresentable: 'any' }) as {
              type?: string;
            }
          ).type,
        ).toBe('object');
      });
    });
  }

  it('knows no scope for a name that is no tool', () => {
    expect(requiredScope('no_such_tool')).toBeUndefined();
  });
});
