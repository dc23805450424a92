import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/database.js';
import { createSmallWorld, type SmallWorld } from '../testing/world.js';
import { createConversation, getConversation, placeConversation } from './conversations.js';
import { createWorkbook } from './workbooks.js';
import { createWorksheet } from './worksheets.js';
import { createWorkspace } from './workspaces.js';

let db: TestDatabase;
let world: SmallWorld;
let research: string;
let cars: string;
let trucks: string;

beforeAll(async () => {
  db = await openTestDatabase();
  world = await createSmallWorld(db);
  research = (await createWorkspace(db, { orgId: world.acme, name: 'Research' })).id;
  const workbook = await createWorkbook(db, {
    workspaceId: research,
    name: 'Automobiles',
    ownerId: world.ada,
  });
  const sheet = (name: string) =>
    createWorksheet(db, {
      workbookId: workbook.id,
      name,
      rowCount: 1,
      columns: [{ name: 'model', type: 'string', description: '' }],
      dataPath: `worksheets/${name}.parquet`,
    });
  cars = (await sheet('Cars')).id;
  trucks = (await sheet('Trucks')).id;
});

afterAll(async () => {
  await db?.close();
});

describe(`placeConversation (${testDatabaseKind()})`, () => {
  const unplaced = () =>
    createConversation(db, { workspaceId: world.operations, userId: world.ada, title: 'q' });

  it("gives an unplaced conversation its worksheet and moves it to that worksheet's workspace", async () => {
    const conversation = await unplaced();
    expect(conversation.worksheetId).toBeNull();
    expect(
      await placeConversation(db, conversation.id, { worksheetId: cars, workspaceId: research }),
    ).toBe(true);
    expect(await getConversation(db, conversation.id)).toMatchObject({
      worksheetId: cars,
      workspaceId: research,
    });
  });

  it('changes nothing once placed, for a conversation started with a worksheet, or an unknown id', async () => {
    const conversation = await unplaced();
    await placeConversation(db, conversation.id, { worksheetId: cars, workspaceId: research });
    expect(
      await placeConversation(db, conversation.id, { worksheetId: trucks, workspaceId: research }),
    ).toBe(false);
    expect((await getConversation(db, conversation.id))?.worksheetId).toBe(cars);

    const started = await createConversation(db, {
      workspaceId: research,
      userId: world.ada,
      title: 'q',
      worksheetId: trucks,
    });
    expect(
      await placeConversation(db, started.id, { worksheetId: cars, workspaceId: research }),
    ).toBe(false);
    expect((await getConversation(db, started.id))?.worksheetId).toBe(trucks);
    expect(
      await placeConversation(db, 'conv_missing', { worksheetId: cars, workspaceId: research }),
    ).toBe(false);
  });

  it('lets exactly one of two placements racing for the same conversation win', async () => {
    const conversation = await unplaced();
    const results = await Promise.all([
      placeConversation(db, conversation.id, { worksheetId: cars, workspaceId: research }),
      placeConversation(db, conversation.id, { worksheetId: trucks, workspaceId: research }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? cars : trucks;
    expect((await getConversation(db, conversation.id))?.worksheetId).toBe(winner);
  });
});
