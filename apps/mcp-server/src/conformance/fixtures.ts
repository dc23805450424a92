import {
  ResourceTemplate,
  type CallToolResult,
  type GetPromptResult,
  type McpServer,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * The fixture surface the MCP conformance suite (`@modelcontextprotocol/conformance`) calls by
 * name: `test_*` tools, `test://` resources and `test_*` prompts with the contents its scenarios
 * check. Registered only when `CONFORMANCE_FIXTURES=true` (never in production, see config.ts), so
 * the suite can measure this server's protocol handling (both revisions, the HTTP transport, the
 * bearer gate in front of it) without the product growing test tools.
 *
 * Server-to-client requests (sampling, elicitation) and subscriptions need a session; this server
 * is stateless, so those scenarios do not apply (docs/conformance.md says which and why).
 */
export function registerConformanceFixtures(server: McpServer): void {
  // The fixture prompts never change, so the server does not claim to announce changes (the SDK
  // would declare `listChanged: true` on the first registration).
  server.server.registerCapabilities({
    logging: {},
    completions: {},
    prompts: { listChanged: false },
  });
  registerContentTools(server);
  registerNotifyingTools(server);
  registerResources(server);
  registerPrompts(server);
  server.server.setRequestHandler('logging/setLevel', () => ({}));
  server.server.setRequestHandler('completion/complete', () => ({
    completion: { values: [], total: 0, hasMore: false },
  }));
}

/** A 1×1 PNG and a minimal WAV, as the suite expects image and audio content to decode. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const SILENT_WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const CONTENT_TOOLS: Record<string, { description: string; content: CallToolResult['content'] }> = {
  test_simple_text: {
    description: 'Returns one text block.',
    content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
  },
  test_image_content: {
    description: 'Returns one PNG image block.',
    content: [{ type: 'image', data: PIXEL_PNG, mimeType: 'image/png' }],
  },
  test_audio_content: {
    description: 'Returns one WAV audio block.',
    content: [{ type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' }],
  },
  test_embedded_resource: {
    description: 'Returns one embedded text resource.',
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  },
  test_multiple_content_types: {
    description: 'Returns text, an image and an embedded JSON resource.',
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      },
    ],
  },
};

function registerContentTools(server: McpServer): void {
  for (const [name, { description, content }] of Object.entries(CONTENT_TOOLS)) {
    server.registerTool(name, { description }, () => ({ content }));
  }
  server.registerTool(
    'test_error_handling',
    { description: 'Always fails, to show how a tool error is reported.' },
    () => {
      throw new Error('This tool intentionally returns an error for testing');
    },
  );
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'Takes a nested object, to check how input schemas are advertised.',
      inputSchema: z.object({
        name: z.string().optional(),
        address: z
          .object({ street: z.string().optional(), city: z.string().optional() })
          .optional(),
      }),
    },
    (args) => ({ content: [{ type: 'text', text: `called with: ${JSON.stringify(args)}` }] }),
  );
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

function registerNotifyingTools(server: McpServer): void {
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Sends three log messages while it runs.', inputSchema: z.object({}) },
    async (_args, ctx) => {
      for (const data of [
        'Tool execution started',
        'Tool processing data',
        'Tool execution completed',
      ]) {
        await ctx.mcpReq.notify({
          method: 'notifications/message',
          params: { level: 'info', data },
        });
        await pause();
      }
      return { content: [{ type: 'text', text: 'Tool with logging executed successfully' }] };
    },
  );
  server.registerTool(
    'test_logging_tool',
    {
      description: 'Logs one message through the level-aware logger (2026-07-28 diagnostic).',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      await ctx.mcpReq.log('info', 'Logged only when the request asked for a log level');
      return { content: [{ type: 'text', text: 'Logging tool finished' }] };
    },
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress 0, 50 and 100 of 100.', inputSchema: z.object({}) },
    async (_args, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
      for (const progress of [0, 50, 100]) {
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: {
            progressToken,
            progress,
            total: 100,
            message: `Completed step ${progress} of 100`,
          },
        });
        await pause();
      }
      return { content: [{ type: 'text', text: String(progressToken) }] };
    },
  );
}

function registerResources(server: McpServer): void {
  server.registerResource(
    'static-text',
    'test://static-text',
    { title: 'Static Text Resource', description: 'A fixed text.', mimeType: 'text/plain' },
    () => ({
      contents: [
        {
          uri: 'test://static-text',
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ],
    }),
  );
  server.registerResource(
    'static-binary',
    'test://static-binary',
    { title: 'Static Binary Resource', description: 'A fixed PNG.', mimeType: 'image/png' },
    () => ({ contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: PIXEL_PNG }] }),
  );
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    {
      title: 'Resource Template',
      description: 'JSON naming the id.',
      mimeType: 'application/json',
    },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.toString(),
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }),
        },
      ],
    }),
  );
}

const userText = (text: string): GetPromptResult['messages'][number] => ({
  role: 'user',
  content: { type: 'text', text },
});

function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'test_simple_prompt',
    { title: 'Simple Test Prompt', description: 'A prompt without arguments.' },
    () => ({ messages: [userText('This is a simple prompt for testing.')] }),
  );
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      title: 'Prompt With Arguments',
      description: 'A prompt with two required arguments.',
      argsSchema: z.object({
        arg1: z.string().describe('First test argument'),
        arg2: z.string().describe('Second test argument'),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [userText(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      title: 'Prompt With Embedded Resource',
      description: 'A prompt that embeds the resource it is given.',
      argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        userText('Please process the embedded resource above.'),
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_image',
    { title: 'Prompt With Image', description: 'A prompt with an image.' },
    () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' } },
        userText('Please analyze the image above.'),
      ],
    }),
  );
}
