import { chmod, mkdir } from 'node:fs/promises';

/**
 * Creates (or tightens) a folder only this OS account can enter: mode 0700. The data folder holds the
 * embedded database (signing keys, password hashes, OAuth records) and every organization's worksheet
 * files, so no other local account may read it, whatever modes the files inside were written with.
 */
export async function ensurePrivateDirectory(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: 0o700 });
  await chmod(path, 0o700);
}
