import type { preHandlerHookHandler } from 'fastify';
import { buildChallenge } from '../auth/challenge.js';
import type { McpBody } from './json-rpc-body.js';
import { calledToolNames, requestedMethods } from './json-rpc-body.js';

export interface ScopeGateOptions {
  /** The scope a tool needs, undefined for unknown names (left to the SDK: -32602). */
  requiredScope: (toolName: string) => string | undefined;
  /** The scope of each other method that needs one (the tasks extension's, as its tools'). */
  methodScopes?: Readonly<Record<string, string>>;
  resourceMetadataUrl: string;
  scopesSupported: readonly string[];
}

/**
 * Checked before dispatch (SPEC section 2; MCP authorization, scope challenge): a `tools/call` of a
 * tool whose scope the token lacks, or a task method whose scope it lacks (SPEC section 4), is
 * answered `403` with an `insufficient_scope` challenge naming it.
 */
export function scopeGate(options: ScopeGateOptions): preHandlerHookHandler {
  return (request, reply, done) => {
    const granted = new Set(request.caller?.authInfo.scopes ?? []);
    const missing = new Set<string>();
    for (const name of calledToolNames(request.body as McpBody | undefined)) {
      const scope = options.requiredScope(name);
      if (scope !== undefined && !granted.has(scope)) missing.add(scope);
    }
    for (const method of requestedMethods(request.body as McpBody | undefined)) {
      const scope = options.methodScopes?.[method];
      if (scope !== undefined && !granted.has(scope)) missing.add(scope);
    }
    if (missing.size === 0) {
      done();
      return;
    }
    const answer = buildChallenge(
      { kind: 'insufficient_scope', scopes: [...missing] },
      { ...options, requestId: request.id },
    );
    // Answered here: `done` is not called, so the request goes no further.
    reply.code(answer.status).headers(answer.headers).send(answer.body);
  };
}
