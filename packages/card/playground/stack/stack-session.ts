import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type CallToolResult,
} from '@modelcontextprotocol/client';

/**
 * A signed-in MCP client of the running stack, for the playground's `dev --stack` mode and the
 * fixture recorder (never shipped in the card): the pre-registered public client
 * `analyst-code-editor`, which may redirect to any loopback port and path (RFC 8252), with
 * PKCE, its tokens in memory only.
 */
class MemoryOAuthClient {
  private tokensHeld: Record<string, unknown> | undefined;
  private verifier = '';
  private discovery: unknown;
  authorizationUrl: URL | undefined;

  constructor(readonly redirectUrl: string) {}

  get clientMetadata() {
    return {
      client_name: 'Ask Analyst card playground',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return { client_id: 'analyst-code-editor' };
  }
  tokens() {
    return this.tokensHeld as never;
  }
  saveTokens(tokens: Record<string, unknown>) {
    this.tokensHeld = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
  invalidateCredentials(scope: string) {
    if (scope === 'all' || scope === 'tokens') this.tokensHeld = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}

export class StackSession {
  private oauth: MemoryOAuthClient;
  private client: Client | null = null;
  private pending: StreamableHTTPClientTransport | null = null;

  /** `mcpUrl`: the stack's MCP origin (`MCP_URL`); `redirectUrl`: a loopback URL of ours. */
  constructor(
    readonly mcpUrl: string,
    redirectUrl: string,
  ) {
    this.oauth = new MemoryOAuthClient(redirectUrl);
  }

  private get endpoint(): URL {
    return new URL('/mcp', this.mcpUrl);
  }

  get signedIn(): boolean {
    return this.client !== null;
  }

  /** Starts a sign-in: the authorization server's URL for the user's browser. */
  async authorizationUrl(): Promise<URL> {
    this.oauth = new MemoryOAuthClient(this.oauth.redirectUrl);
    this.pending = new StreamableHTTPClientTransport(this.endpoint, { authProvider: this.oauth });
    try {
      await new Client({ name: 'ask-analyst-playground', version: '1.0.0' }).connect(this.pending);
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
    }
    if (!this.oauth.authorizationUrl) throw new Error('the MCP server did not ask for a sign-in');
    return this.oauth.authorizationUrl;
  }

  /** Ends a sign-in with the query the browser was redirected back with. */
  async finish(callback: URLSearchParams): Promise<void> {
    const error = callback.get('error');
    if (error) throw new Error(`${error}: ${callback.get('error_description') ?? ''}`);
    if (!this.pending) throw new Error('no sign-in was started');
    await this.pending.finishAuth(callback);
    const client = new Client({ name: 'ask-analyst-playground', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(this.endpoint, { authProvider: this.oauth }),
    );
    this.client = client;
  }

  /** One `tools/call` as the signed-in user. */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    if (!this.client) throw new Error('not signed in to the stack');
    return await this.client.callTool({ name, arguments: args });
  }

  /** The card resource as the server serves it: its HTML and declared CSP (`_meta.ui.csp`). */
  async cardResource(): Promise<{ html: string; csp: { resourceDomains?: string[] } }> {
    if (!this.client) throw new Error('not signed in to the stack');
    const read = await this.client.readResource({ uri: 'ui://ask-analyst/card.html' });
    const content = read.contents[0] as {
      text?: string;
      _meta?: { ui?: { csp?: { resourceDomains?: string[] } } };
    };
    return { html: content.text ?? '', csp: content._meta?.ui?.csp ?? {} };
  }

  async close(): Promise<void> {
    await this.client?.close().catch(() => undefined);
    this.client = null;
  }
}
