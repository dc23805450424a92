import { describe, expect, it } from 'vitest';
import { argumentShape, declaredPropertyNames } from './argument-shape.js';

describe('argumentShape', () => {
  const declared = new Set(['query', 'limit', 'filters', 'column', 'op', 'value', 'sort']);

  it('keeps declared keys and value types, never values', () => {
    const shape = argumentShape(
      {
        query: 'flights to SFO',
        limit: 10,
        filters: [
          { column: 'Origin', op: 'eq', value: 'SFO' },
          { column: 'Delay', op: 'gt', value: 1.5 },
        ],
      },
      declared,
    );
    expect(shape).toEqual({
      query: 'string',
      limit: 'integer',
      filters: [
        { column: 'string', op: 'string', value: 'string' },
        { column: 'string', op: 'string', value: 'number' },
      ],
    });
    expect(JSON.stringify(shape)).not.toMatch(/SFO|Origin|Delay/);
  });

  it('folds undeclared keys, which may be data, into "*"', () => {
    expect(argumentShape({ 'Revenue 2024': 5, 'Secret name': 'x', limit: null }, declared)).toEqual(
      {
        limit: 'null',
        '*': ['integer', 'string'],
      },
    );
  });

  it('bounds depth and variants', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i += 1) deep = [deep];
    expect(JSON.stringify(argumentShape(deep, declared))).toContain('"array"');
    expect(argumentShape([1, 'a', true, null, {}, 1.5, [1]], declared)).toHaveLength(5);
  });
});

describe('declaredPropertyNames', () => {
  it('collects property names at every depth of a JSON Schema', () => {
    const names = declaredPropertyNames({
      type: 'object',
      properties: {
        filters: { type: 'array', items: { type: 'object', properties: { column: {}, op: {} } } },
        mode: { anyOf: [{ type: 'object', properties: { inner: {} } }, { type: 'null' }] },
      },
    });
    expect([...names].sort()).toEqual(['column', 'filters', 'inner', 'mode', 'op']);
  });
});
