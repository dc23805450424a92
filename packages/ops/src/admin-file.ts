import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Where the running stack tells the ops CLI how to reach its admin interface. */
export function adminFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'admin.json');
}

export const AdminFileSchema = z.object({
  url: z.string().url(),
  token: z.string().min(32),
  pid: z.number().int(),
  startedAt: z.string(),
});
export type AdminFile = z.infer<typeof AdminFileSchema>;

/** Writes the file atomically with mode 0600: the token in it is the operator credential. */
export async function writeAdminFile(dataDir: string, content: AdminFile): Promise<string> {
  const file = adminFilePath(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
  return file;
}

/** The admin file of a running stack, or null when there is none. */
export async function readAdminFile(dataDir: string): Promise<AdminFile | null> {
  const text = await readFile(adminFilePath(dataDir), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );
  if (text === null) return null;
  const parsed = AdminFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${adminFilePath(dataDir)} is not a valid admin file`);
  return parsed.data;
}

/** Removes the admin file if it is still the one holding `token` (a newer stack may have replaced it). */
export async function removeAdminFile(dataDir: string, token: string): Promise<void> {
  const current = await readAdminFile(dataDir).catch(() => null);
  if (current?.token === token) await rm(adminFilePath(dataDir), { force: true });
}
