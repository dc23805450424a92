import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

type JsonSchemaOptions = Parameters<StandardSchemaWithJSON['~standard']['jsonSchema']['input']>[0];

/**
 * The tool's real JSON Schema for `tools/list`, converted from zod once per schema, input and
 * output side and target (never per request), with a validation step that lets every value
 * through: arguments and results are validated by the tool funnel instead, so a failure becomes
 * the `invalid_argument` tool error naming the field (SPEC section 4), not the SDK's bare text,
 * and a result is not parsed twice. The converted schemas are frozen: they are shared by every
 * request and must not be changed by anyone.
 */
export function advertisedSchema(schema: z.ZodObject): StandardSchemaWithJSON {
  const convert = schema['~standard'].jsonSchema;
  const converted = new Map<string, Record<string, unknown>>();
  const once = (io: 'input' | 'output', options: JsonSchemaOptions) => {
    const key = `${io} ${options.target}`;
    let json = converted.get(key);
    if (!json) {
      json = deepFreeze(convert[io](options));
      converted.set(key, json);
    }
    return json;
  };
  return {
    '~standard': {
      version: 1,
      vendor: 'ask-analyst',
      validate: (value: unknown) => ({ value }),
      jsonSchema: {
        input: (options) => once('input', options),
        output: (options) => once('output', options),
      },
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
