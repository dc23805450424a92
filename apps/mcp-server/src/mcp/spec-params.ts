import { isRecord } from '@ask-analyst/protocol';
import { PROTOCOL_VERSION_META_KEY, specTypeSchemas } from '@modelcontextprotocol/server';

/**
 * The SDK's wire schema of each spec method this server answers. The SDK (2.4) checks these
 * params only at dispatch and answers a failure with `-32603` Internal error and the raw zod
 * issues (modelcontextprotocol/typescript-sdk#2284); SPEC section 4 keeps `-32602` for
 * malformed params, so they are checked here first, with the SDK's own schemas. (`tools/call`
 * is not listed: the SDK already answers its malformed params with `-32602`.)
 */
const REQUEST_SCHEMAS = {
  initialize: specTypeSchemas.InitializeRequest,
  ping: specTypeSchemas.PingRequest,
  'tools/list': specTypeSchemas.ListToolsRequest,
  'resources/list': specTypeSchemas.ListResourcesRequest,
  'resources/read': specTypeSchemas.ReadResourceRequest,
  'resources/templates/list': specTypeSchemas.ListResourceTemplatesRequest,
  'resources/subscribe': specTypeSchemas.SubscribeRequest,
  'resources/unsubscribe': specTypeSchemas.UnsubscribeRequest,
  'prompts/list': specTypeSchemas.ListPromptsRequest,
  'prompts/get': specTypeSchemas.GetPromptRequest,
  'completion/complete': specTypeSchemas.CompleteRequest,
  'logging/setLevel': specTypeSchemas.SetLevelRequest,
} as const;

/**
 * Methods the 2026-07-28 revision removed: a request of that revision naming one is an unknown
 * method, which the SDK answers HTTP 404 with `-32601` (SEP-2575), whatever its params.
 */
const REMOVED_IN_2026_07_28 = new Set([
  'initialize',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);

/**
 * The `-32602` message for a request whose params do not fit its spec method, or null when they
 * fit (or the message is not such a request: the SDK answers everything else itself). `modern`:
 * the request claims a revision from 2026-07-28 on (its `MCP-Protocol-Version` header), so the
 * methods that revision removed are left to the SDK.
 */
export function invalidSpecParams(
  message: unknown,
  options: { modern?: boolean } = {},
): string | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const { method, params, id } = message as { method?: unknown; params?: unknown; id?: unknown };
  if (id === undefined || typeof method !== 'string' || !Object.hasOwn(REQUEST_SCHEMAS, method)) {
    return null;
  }
  if (REMOVED_IN_2026_07_28.has(method) && (options.modern || claimsRevision(params))) return null;
  const schema = REQUEST_SCHEMAS[method as keyof typeof REQUEST_SCHEMAS];
  // The SDK's zod schemas validate synchronously.
  const result = schema['~standard'].validate(
    params === undefined ? { method } : { method, params },
  );
  if (!result.issues) return null;
  const where = [...new Set(result.issues.map((issue) => pathOf(issue.path)))].slice(0, 3);
  return `Invalid params for ${method}: check ${where.join(', ')}.`;
}

/** Whether `params._meta` carries a protocol-version claim (only 2026-07-28 requests do). */
function claimsRevision(params: unknown): boolean {
  return isRecord(params) && isRecord(params._meta) && PROTOCOL_VERSION_META_KEY in params._meta;
}

function pathOf(path: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined): string {
  const keys = (path ?? []).map((part) =>
    (typeof part === 'object' ? String(part.key) : String(part)).slice(0, 100),
  );
  return keys.length === 0 ? 'params' : keys.join('.');
}
