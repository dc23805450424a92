import { lstat, mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { WorkspaceError } from '@ask-analyst/workspace';

/** The import folder when configuration names none: `imports` in the stack's data folder. */
export function defaultImportDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'imports');
}

/** Creates the import folder if missing, readable by the operator's account only. */
export async function ensureImportDir(importDir: string): Promise<void> {
  await mkdir(importDir, { recursive: true, mode: 0o700 });
}

/**
 * The file an import may read: inside the configured import folder, reached without following a
 * symbolic link (neither the file nor any folder between it and the import folder), and a regular
 * file. Anything else is refused before a byte is read, so an import cannot turn `/etc/passwd`,
 * or a link to it dropped in the folder, into a worksheet (issue #28). `requested` is absolute
 * (the CLI resolves it from its working folder) or relative to the import folder. The folder itself
 * may sit under links (macOS's `/tmp`): it is the operator's configuration, resolved once here.
 */
export async function confineImportFile(importDir: string, requested: string): Promise<string> {
  const configured = path.resolve(importDir);
  let root: string;
  try {
    root = await realpath(configured);
  } catch {
    throw refused(`the import folder ${configured} does not exist`);
  }
  const relative = [configured, root]
    .map((base) => path.relative(base, path.resolve(base, requested)))
    .find((rel) => rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel));
  if (relative === undefined) {
    throw refused(`${requested} is not inside the import folder ${configured}`);
  }
  let current = root;
  for (const part of relative.split(path.sep)) {
    current = path.join(current, part);
    const stat = await lstat(current).catch(() => null);
    if (!stat) throw refused(`${path.join(configured, relative)} does not exist`);
    if (stat.isSymbolicLink()) {
      throw refused(
        `${path.join(configured, path.relative(root, current))} is a symbolic link; copy the file into the import folder instead`,
      );
    }
    if (current !== path.join(root, relative) && !stat.isDirectory()) {
      throw refused(`${path.join(configured, relative)} does not exist`);
    }
    if (current === path.join(root, relative) && !stat.isFile()) {
      throw refused(`${path.join(configured, relative)} is not a regular file`);
    }
  }
  return current;
}

function refused(reason: string): WorkspaceError {
  return new WorkspaceError(
    'invalid_argument',
    `Import refused: ${reason}. Imports read only files inside the import folder (IMPORT_DIR).`,
  );
}
