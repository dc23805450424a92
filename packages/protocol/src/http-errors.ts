import { z } from 'zod';

/** Stable `error.details.error_code` values of the MCP server's non-2xx answers (SPEC section 2). */
export const HTTP_ERROR_CODES = [
  'mcp_invalid_oauth_token',
  'mcp_expired_oauth_token',
  'mcp_insufficient_scope',
  'mcp_org_not_enrolled',
  'mcp_invalid_request',
  'mcp_origin_not_allowed',
  'mcp_method_not_allowed',
  'mcp_payload_too_large',
  'mcp_rate_limited',
  'mcp_unavailable',
  'mcp_not_found',
  'mcp_internal_error',
] as const;
export const HttpErrorCodeSchema = z.enum(HTTP_ERROR_CODES);
export type HttpErrorCode = z.infer<typeof HttpErrorCodeSchema>;

export const HTTP_ERROR_TYPES = [
  'authentication_error',
  'permission_error',
  'invalid_request_error',
  'rate_limit_error',
  'api_error',
] as const;
export const HttpErrorTypeSchema = z.enum(HTTP_ERROR_TYPES);
export type HttpErrorType = z.infer<typeof HttpErrorTypeSchema>;

export const RequestIdSchema = z.string().regex(/^req_[0-9a-z]+$/);

/** The body of every non-2xx answer of the MCP server (the seed's authentication error shape). */
export const HttpErrorBodySchema = z.object({
  type: z.literal('error'),
  error: z.object({
    type: HttpErrorTypeSchema,
    message: z.string(),
    details: z.object({ error_code: HttpErrorCodeSchema }),
  }),
  request_id: RequestIdSchema,
});
export type HttpErrorBody = z.infer<typeof HttpErrorBodySchema>;
