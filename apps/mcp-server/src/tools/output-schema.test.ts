import type { CallToolResult } from '@modelcontextprotocol/server';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpHeaders } from '../test-support/app.js';
import { createDemoApp, type DemoApp } from '../test-support/demo-world.js';
import { callTool, rpcMessages } from '../test-support/mcp-call.js';
import { tools } from './index.js';

interface ListedTool {
  name: string;
  outputSchema?: Record<string, unknown>;
}

/** The arguments of one call per outcome, from ids found in the demo workspace. */
type Calls = Record<string, { success: unknown[]; error: unknown[] }>;

/**
 * SPEC section 4: every tool's declared `outputSchema` (as `tools/list` serves it) admits both its
 * results and its tool errors, as a client that validates results (the Inspector, SDK clients)
 * checks them with a JSON Schema 2020-12 validator.
 */
describe('declared output schemas, checked by a JSON Schema 2020-12 validator', () => {
  let demo: DemoApp;
  let token: string;
  const validators = new Map<string, ValidateFunction>();
  let calls: Calls;

  beforeAll(async () => {
    demo = await createDemoApp();
    token = await demo.tokenFor('ada');
    const response = await demo.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: mcpHeaders(token),
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    const listed = (rpcMessages(response)[0]?.result as { tools: ListedTool[] }).tools;
    // Strict, except that `type: [a, b]` (valid JSON Schema, zod's form of a nullable
    // primitive) is allowed.
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    // ajv-formats is CommonJS: its plugin is the `default` export.
    addFormats.default(ajv);
    for (const tool of listed) {
      if (tool.outputSchema) validators.set(tool.name, ajv.compile(tool.outputSchema));
    }

    const workbookId = await demo.workbookId('Penguins');
    const worksheetId = await demo.worksheetId('Penguins', 'Penguins');
    const started = await callTool(demo.app, token, 'start_analysis', {
      question: 'How many penguins?',
      workbookId,
    });
    const { conversation, turn } = started.structuredContent as {
      conversation: { id: string };
      turn: { id: string };
    };
    const conversationId = conversation.id;
    const unknown = { conv: 'conv_0000000000000000', turn: 'turn_0000000000000000' };
    calls = {
      whoami: { success: [{}], error: [{ extra: true }] },
      list_workbooks: { success: [{}, { query: 'penguin' }], error: [{ limit: 0 }] },
      get_workbook: { success: [{ workbookId }], error: [{ workbookId: 'wb_unknown' }] },
      get_worksheet: { success: [{ worksheetId }], error: [{ worksheetId: 'ws_unknown' }] },
      read_worksheet: {
        success: [{ worksheetId, limit: 3 }],
        error: [{ worksheetId: 'ws_unknown' }, { worksheetId, columns: ['no such column'] }],
      },
      start_analysis: {
        success: [
          { question: 'Average body mass by island', workbookId },
          { question: 'Average profit by island', workbookId },
        ],
        error: [{ question: 'How many penguins?', workbookId: 'wb_unknown' }],
      },
      continue_analysis: {
        success: [{ conversationId, question: 'now by species' }],
        error: [{ conversationId: unknown.conv, question: 'now by species' }],
      },
      get_analysis: {
        success: [{ conversationId }, { conversationId, turnId: turn.id }],
        error: [{ conversationId: unknown.conv }],
      },
      list_analyses: { success: [{}], error: [{ limit: 0 }] },
      cancel_analysis: {
        success: [{ conversationId, turnId: turn.id }],
        error: [{ conversationId, turnId: unknown.turn }],
      },
    };
  });
  afterAll(async () => {
    await demo?.close();
  });

  const validate = (name: string, result: CallToolResult) => {
    const check = validators.get(name);
    if (!check) throw new Error(`${name} declares no output schema`);
    return { valid: check(result.structuredContent), errors: check.errors };
  };

  it('covers every tool of the registry', () => {
    expect([...validators.keys()].sort()).toEqual(tools.map((tool) => tool.name).sort());
    expect(Object.keys(calls).sort()).toEqual(tools.map((tool) => tool.name).sort());
  });

  for (const tool of tools) {
    describe(tool.name, () => {
      it('declares an object root whose every branch is an object', () => {
        const schema = (
          validators.get(tool.name) as ValidateFunction & { schema: Record<string, unknown> }
        ).schema;
        expect(schema.type).toBe('object');
        expect(schema.anyOf).toHaveLength(2);
      });

      it('admits its results', async () => {
        for (const args of calls[tool.name]?.success ?? []) {
          const result = await callTool(demo.app, token, tool.name, args);
          expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
          expect(validate(tool.name, result), JSON.stringify(args)).toEqual({
            valid: true,
            errors: null,
          });
        }
      });

      it('admits its tool errors, { error: { code, message, retryable, requestId } }', async () => {
        for (const args of calls[tool.name]?.error ?? []) {
          const result = await callTool(demo.app, token, tool.name, args);
          expect(result.isError, JSON.stringify(args)).toBe(true);
          expect(result.structuredContent).toMatchObject({
            error: { message: expect.any(String) as unknown, requestId: /^req_/ },
          });
          expect(validate(tool.name, result), JSON.stringify(args)).toEqual({
            valid: true,
            errors: null,
          });
        }
      });

      it('still validates a result in full: a result missing a field, or a mixture, is refused', async () => {
        const args = calls[tool.name]?.success[0];
        const result = await callTool(demo.app, token, tool.name, args);
        const content = result.structuredContent as Record<string, unknown>;
        for (const key of Object.keys(content)) {
          const partial = { ...content };
          delete partial[key];
          expect(validate(tool.name, { ...result, structuredContent: partial }).valid, key).toBe(
            false,
          );
        }
        const error = { code: 'not_found', message: 'x', retryable: false, requestId: 'req_1' };
        expect(
          validate(tool.name, { ...result, structuredContent: { ...content, error } }).valid,
        ).toBe(false);
        const withoutRequestId: Partial<typeof error> = { ...error };
        delete withoutRequestId.requestId;
        expect(
          validate(tool.name, { ...result, structuredContent: { error: withoutRequestId } }).valid,
        ).toBe(false);
      });
    });
  }
});
