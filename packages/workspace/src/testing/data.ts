import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoDataFile } from '../data/demo-data.js';
import { WorksheetEngine } from '../data/engine.js';
import type { EngineOptions } from '../data/types.js';

/** Test support: an engine over a fresh temporary data folder, and a way to remove both. */
export async function openTestEngine(
  options: Partial<EngineOptions> = {},
): Promise<{ engine: WorksheetEngine; dataDir: string; dispose: () => Promise<void> }> {
  const dataDir =
    options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'ask-analyst-data-test-')));
  const engine = await WorksheetEngine.open({
    cursorSecret: 'test-secret-0123456789abcdef',
    ...options,
    dataDir,
  });
  return {
    engine,
    dataDir,
    dispose: async () => {
      await engine.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Test support: a demo JSON file parsed with JSON.parse, independently of the engine. */
export async function readDemoJson(name: string): Promise<Record<string, unknown>[]> {
  return JSON.parse(await readFile(demoDataFile(name), 'utf8')) as Record<string, unknown>[];
}

/** Test support: RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
