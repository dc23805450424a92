import { ToolErrorSchema } from '@ask-analyst/protocol';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

type JsonSchemaOptions = Parameters<StandardSchemaWithJSON['~standard']['jsonSchema']['input']>[0];
type JsonSchema = Record<string, unknown>;

/**
 * The tool's real JSON Schema for `tools/list`, converted from zod once per schema, input and
 * output side and target (never per request), with a validation step that lets every value
 * through: arguments and results are validated by the tool funnel instead, so a failure becomes
 * the `invalid_argument` tool error naming the field (SPEC section 4), not the SDK's bare text,
 * and a result is not parsed twice. The converted schemas are frozen: they are shared by every
 * request and must not be changed by anyone.
 */
export function advertisedSchema(
  schema: z.ZodObject,
  /** Shapes the converted output schema (the tool error added to it, say). */
  shapeOutput: (converted: JsonSchema, options: JsonSchemaOptions) => JsonSchema = (json) => json,
): StandardSchemaWithJSON {
  const convert = schema['~standard'].jsonSchema;
  const converted = new Map<string, JsonSchema>();
  const once = (io: 'input' | 'output', options: JsonSchemaOptions) => {
    const key = `${io} ${options.target}`;
    let json = converted.get(key);
    if (!json) {
      const raw = convert[io](options);
      json = deepFreeze(io === 'output' ? shapeOutput(raw, options) : raw);
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

/**
 * A tool's advertised output schema: its result or the tool error (`{ error: { code, message,
 * retryable, requestId } }`), so that a client validating `isError` results against the
 * `outputSchema` shows our message (SPEC section 4). The root stays `type: "object"` (which the
 * 2025-11-25 revision requires of an output schema) with an `anyOf` of the two complete shapes, so
 * a success is still validated in full (docs/decisions/095-output-schema-admits-tool-errors.md).
 */
export function advertisedOutputSchema(schema: z.ZodObject): StandardSchemaWithJSON {
  return advertisedSchema(schema, (success, options) =>
    orToolError(success, ToolErrorSchema['~standard'].jsonSchema.output(options)),
  );
}

/** `{ type: object, anyOf: [success, error] }`, with the dialect and any `$defs` at the root. */
export function orToolError(success: JsonSchema, error: JsonSchema): JsonSchema {
  const { $schema, $defs: successDefs, ...successBranch } = success;
  const { $defs: errorDefs, ...errorBranch } = error;
  delete errorBranch.$schema;
  const defs = { ...(successDefs as JsonSchema | undefined) };
  for (const [name, def] of Object.entries((errorDefs as JsonSchema | undefined) ?? {})) {
    if (name in defs) throw new Error(`output schema definition "${name}" is defined twice`);
    defs[name] = def;
  }
  return {
    ...($schema === undefined ? {} : { $schema }),
    type: 'object',
    anyOf: [
      { description: "The tool's result.", ...successBranch },
      { description: 'A tool error: the result has `isError: true`.', ...errorBranch },
    ],
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
