import { SCOPES, WhoamiInputSchema, WhoamiOutputSchema, type Scope } from '@ask-analyst/protocol';
import { defineTool } from './define-tool.js';
import { code, text } from './markdown.js';

const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

/** Who is signed in, to which organization, through which client, with which scopes. */
export const whoami = defineTool({
  name: 'whoami',
  title: 'Who am I (Ask Analyst)',
  description:
    'Shows which Ask Analyst account this connection acts as: the signed-in user (id, email, name), ' +
    'their organization, the OAuth scopes granted (workbooks.read to read workbooks and analyses, ' +
    'analyses.write to start or continue Ask Analyst analyses) and the client id. Use it when the user ' +
    'asks who they are signed in as, or to check the connection before other Ask Analyst tools. ' +
    'Takes no arguments; reads nothing but the account.',
  scope: 'workbooks.read',
  inputSchema: WhoamiInputSchema,
  outputSchema: WhoamiOutputSchema,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async handler(_args, ctx) {
    const { principal, client } = ctx;
    const scopes = client.scopes.filter(isScope);
    return {
      structuredContent: {
        user: { id: principal.userId, email: principal.email, name: principal.name },
        organization: { id: principal.orgId, name: principal.orgName },
        scopes,
        clientId: client.clientId,
      },
      text: [
        `Signed in to **Ask Analyst** as **${text(principal.name)}** (${text(principal.email)}) ` +
          `of **${text(principal.orgName)}**.`,
        '',
        `- Scopes: ${scopes.length > 0 ? scopes.map((s) => `\`${s}\``).join(', ') : 'none'}`,
        `- Client: ${code(client.clientId)}`,
      ].join('\n'),
    };
  },
});
