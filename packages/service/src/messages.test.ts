import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = path.dirname(fileURLToPath(import.meta.url));

/** The MCP tools (SPEC section 4) and the debugging tool, by name. */
const TOOL_NAME =
  /\b(list_workbooks|get_workbook|get_worksheet|read_worksheet|start_analysis|continue_analysis|get_analysis|list_analyses|cancel_analysis|whoami)\b/;

/** Every string a source file writes: quoted and template literals, comments left out. */
function literals(source: string): string[] {
  const found: string[] = [];
  const pattern =
    /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;
  for (const match of source.matchAll(pattern)) {
    if (!match[0].startsWith('/')) found.push(match[0]);
  }
  return found;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.includes(`${path.sep}testing${path.sep}`));
}

// The web app shows the service's messages as they are (issue #22): a message naming an MCP tool
// would send its users to something they do not have. Tool names belong to apps/mcp-server.
describe('service messages', () => {
  it('name no MCP tool', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SOURCE)) {
      for (const literal of literals(await readFile(file, 'utf8'))) {
        if (TOOL_NAME.test(literal)) offenders.push(`${path.relative(SOURCE, file)}: ${literal}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('would catch a message that does', () => {
    expect(literals("throw new ServiceError('x', `Use list_analyses to find ${it}.`);")).toEqual([
      "'x'",
      '`Use list_analyses to find ${it}.`',
    ]);
    expect(TOOL_NAME.test('`Use list_analyses to find ${it}.`')).toBe(true);
    expect(literals('// get_analysis follows it')).toEqual([]);
  });
});
