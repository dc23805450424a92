import { describe, expect, it } from 'vitest';
import { useE2eWorld } from './fixtures/world.js';
import { TOOLS_LIST, connectAs, postMcp } from './flows/connect.js';
import { refreshByHand } from './flows/token-endpoint.js';

/** Everything the provider stores lives in the database: a restart loses no sign-in. */
describe('a restart of the stack', () => {
  const world = useE2eWorld();

  it('keeps a signed-in client working: its access token verifies and its refresh token refreshes', async () => {
    const { browser, receiver } = world;
    const { client, oauth } = await connectAs(world.stack.mcpUrl, browser, receiver, {
      email: 'ada@acme.test',
    });
    await client.close();
    const tokens = oauth.tokens();
    if (!tokens?.refresh_token) throw new Error('no refresh token');

    const stack = await world.restartStack();

    expect((await postMcp(stack.mcpUrl, tokens.access_token, TOOLS_LIST)).status).toBe(200);
    const refreshed = await refreshByHand(
      stack.authUrl,
      'analyst-code-editor',
      tokens.refresh_token,
    );
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.access_token).toBe('string');
    expect(
      (await postMcp(stack.mcpUrl, refreshed.body.access_token as string, TOOLS_LIST)).status,
    ).toBe(200);
  });
});
