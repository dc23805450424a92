import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/**
 * The tool's real JSON Schema for `tools/list`, with a validation step that lets every value
 * through: arguments are validated by the tool funnel instead, so a failure becomes the
 * `invalid_argument` tool error naming the field (SPEC section 4), not the SDK's bare text.
 */
export function advertisedSchema(schema: z.ZodObject): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'ask-analyst',
      validate: (value: unknown) => ({ value }),
      jsonSchema: schema['~standard'].jsonSchema,
    },
  };
}
