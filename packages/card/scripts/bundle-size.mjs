// Prints the card's JavaScript size, gzipped, after `vite build`, and fails the build over budget.
// The figure counts every script the card loads: the manifest's entry and the chunks it imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const scripts = new Set();
const visit = (key) => {
  const entry = manifest[key];
  if (!entry || scripts.has(entry.file)) return;
  if (entry.file.endsWith('.js')) scripts.add(entry.file);
  for (const next of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) visit(next);
};
for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);

let raw = 0;
let gzipped = 0;
for (const file of scripts) {
  const bytes = readFileSync(join(dist, file));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `card JavaScript: ${kb(gzipped)} gzipped (${kb(raw)} minified, ${scripts.size} file(s)); budget ${kb(BUDGET_BYTES)}`,
);
if (gzipped > BUDGET_BYTES) {
  console.error(`card JavaScript is over its budget by ${kb(gzipped - BUDGET_BYTES)}`);
  process.exit(1);
}
