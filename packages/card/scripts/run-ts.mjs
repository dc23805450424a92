// Runs one of the package's TypeScript scripts on the machine's Node through Vite's module runner
// (the package has no other TypeScript runner): node scripts/run-ts.mjs <file.ts> [args...].
// The module's exported `main(args)` is called with the remaining arguments.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const [file, ...args] = process.argv.slice(2).filter((arg) => arg !== '--');
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
const { module } = await runnerImport(resolve(file), { configFile: false, logLevel: 'error' });
process.exitCode = (await module.main(args)) ?? 0;
