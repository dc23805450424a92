import { z } from 'zod';
import { RequestIdSchema } from './http-errors.js';

/** Stable `error.code` values of tool errors (SPEC section 4). */
export const TOOL_ERROR_CODES = [
  'invalid_argument',
  'not_found',
  'permission_denied',
  'rate_limited',
  'conflict',
  'unavailable',
  'timeout',
  'internal',
] as const;
export const ToolErrorCodeSchema = z.enum(TOOL_ERROR_CODES);
export type ToolErrorCode = z.infer<typeof ToolErrorCodeSchema>;

/**
 * The `structuredContent` of every tool result with `isError: true`. A model reads `message`;
 * `retryable` says whether the same call may succeed later (after `retryAfterSeconds` when given);
 * `field` names the offending argument of an `invalid_argument` error.
 */
export const ToolErrorSchema = z.object({
  error: z.object({
    code: ToolErrorCodeSchema,
    message: z.string(),
    retryable: z.boolean(),
    requestId: RequestIdSchema,
    retryAfterSeconds: z.number().int().positive().optional(),
    field: z.string().optional(),
  }),
});
export type ToolErrorContent = z.infer<typeof ToolErrorSchema>;
