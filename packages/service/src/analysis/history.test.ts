import { createConversation, type Database } from '@ask-analyst/workspace';
import {
  createSmallWorld,
  openTestDatabase,
  type SmallWorld,
} from '@ask-analyst/workspace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHistory } from './history.js';

const LINKS = { appUrl: 'https://app.example.com' };

describe("listHistory: the signed-in user's conversations, newest first", () => {
  let db: Database;
  let world: SmallWorld;

  beforeAll(async () => {
    db = await openTestDatabase();
    world = await createSmallWorld(db);
    for (const [user, title] of [
      ['linus', 'first'],
      ['ada', 'not linus'],
      ['linus', 'second'],
      ['linus', 'third'],
    ] as const) {
      await createConversation(db, {
        workspaceId: world.operations,
        userId: world[user],
        title,
        worksheetId: null,
      });
      // Distinct creation times, so "newest first" is the order above reversed.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  it("pages through the caller's own conversations only, as the tools show them", async () => {
    const linus = { userId: world.linus };
    const first = await listHistory(db, LINKS, linus, { limit: 2 });
    expect(first.conversations.map((c) => c.title)).toEqual(['third', 'second']);
    expect(first.conversations[0]).toMatchObject({
      workspace: { id: world.operations, name: 'Operations' },
      turnCount: 0,
    });
    expect(first.conversations[0]?.url).toBe(
      `${LINKS.appUrl}/conversations/${first.conversations[0]?.id}`,
    );
    const second = await listHistory(db, LINKS, linus, { limit: 2, cursor: first.nextCursor });
    expect(second.conversations.map((c) => c.title)).toEqual(['first']);
    expect(second.nextCursor).toBeNull();
    const ada = await listHistory(db, LINKS, { userId: world.ada }, { limit: 25 });
    expect(ada.conversations.map((c) => c.title)).toEqual(['not linus']);
  });

  it('refuses a cursor that is not its own, naming the cursor', async () => {
    await expect(
      listHistory(db, LINKS, { userId: world.linus }, { limit: 2, cursor: 'forged' }),
    ).rejects.toThrow(/^cursor/);
  });
});
