import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

let dataFolder: string | undefined;

/** The `data/` folder of the installed `vega-datasets` package (its exports hide package.json). */
function vegaDataFolder(): string {
  if (dataFolder) return dataFolder;
  let dir = path.dirname(createRequire(import.meta.url).resolve('vega-datasets'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'vega-datasets'
    ) {
      dataFolder = path.join(dir, 'data');
      return dataFolder;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the vega-datasets package is not installed');
    dir = parent;
  }
}

/** Absolute path of a demo source file in `vega-datasets`' `data/` folder (SPEC section 6). */
export function demoDataFile(name: string): string {
  return path.join(vegaDataFolder(), name);
}
