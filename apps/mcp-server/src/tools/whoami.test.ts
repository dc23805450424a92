import { WhoamiOutputSchema } from '@ask-analyst/protocol';
import type { Database } from '@ask-analyst/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, PEOPLE } from '../test-support/database.js';
import { toolHarness } from '../test-support/tools.js';
import { whoami } from './whoami.js';

describe('whoami', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('describes the signed-in user, organization, scopes and client', async () => {
    const result = await toolHarness(db).call(
      whoami,
      {},
      { userId: PEOPLE.grace.id, scopes: ['workbooks.read', 'openid'] },
    );
    expect(result.isError).toBeFalsy();
    expect(WhoamiOutputSchema.parse(result.structuredContent)).toEqual({
      user: { id: PEOPLE.grace.id, email: 'grace@acme.test', name: 'Grace Hopper' },
      organization: { id: 'org_acme000001', name: 'Acme Analytics' },
      scopes: ['workbooks.read'],
      clientId: 'analyst-code-editor',
    });
    expect(result.content).toEqual([
      {
        type: 'text',
        text: expect.stringContaining(
          '**Grace Hopper** (grace@acme.test) of **Acme Analytics**',
        ) as unknown,
      },
    ]);
  });

  it('takes no arguments and tolerates their absence', async () => {
    const result = await toolHarness(db).call(whoami, undefined);
    expect(result.isError).toBeFalsy();
  });
});
