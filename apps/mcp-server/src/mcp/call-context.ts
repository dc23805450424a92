import type { Principal } from '@ask-analyst/workspace';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { ToolCall } from '../tools/run-tool.js';

const KEY = 'askAnalystCall';

/**
 * The SDK passes `authInfo` through to the per-request server factory untouched; the verified
 * principal and the request id ride along in its `extra`.
 */
export function authInfoWithCall(call: ToolCall): AuthInfo {
  const { authInfo } = call.caller;
  return { ...authInfo, extra: { ...authInfo.extra, [KEY]: call } };
}

/** The call stored by `authInfoWithCall`, if this authInfo carries one. */
export function callOf(authInfo: AuthInfo | undefined): ToolCall | undefined {
  const call = authInfo?.extra?.[KEY] as Partial<ToolCall> | undefined;
  if (!call || typeof call.requestId !== 'string' || !isPrincipal(call.caller?.principal))
    return undefined;
  return call as ToolCall;
}

function isPrincipal(value: unknown): value is Principal {
  return (
    typeof value === 'object' && value !== null && typeof (value as Principal).userId === 'string'
  );
}
