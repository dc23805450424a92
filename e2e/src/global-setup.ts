import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { seedDataFolder } from './fixtures/stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder of a stack that started once over nothing and stopped (`seedDataFolder`). */
    seededDataDir: string;
  }
}

/**
 * Once per run: a first start over an empty data folder (migrations, the demo workspace seeded),
 * then a stop. Every test file's stack starts from a copy of that folder (`useE2eWorld`), as a
 * stopped stack starts again: seeding, most of a first start's work, runs once per run instead
 * of once per file. The seeding itself is tested in workspace's `seed/demo.test.ts`.
 */
export default async function setup(project: TestProject) {
  const dataDir = await seedDataFolder();
  project.provide('seededDataDir', dataDir);
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
