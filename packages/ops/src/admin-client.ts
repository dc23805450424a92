import { ADMIN_COMMAND_PATH } from './admin-server.js';
import { readAdminFile, adminFilePath } from './admin-file.js';
import type { OpsCommand, OpsOutcome } from '@ask-analyst/workspace';
import { OpsRemoteError } from './remote-error.js';

/**
 * Sends one command to the running stack's admin interface found through `${dataDir}/admin.json`;
 * the stack records the operator its token belongs to as the actor.
 */
export async function sendOpsCommand(dataDir: string, command: OpsCommand): Promise<OpsOutcome> {
  const admin = await readAdminFile(dataDir);
  if (!admin) {
    throw new OpsRemoteError(
      'unavailable',
      `No running stack found (${adminFilePath(dataDir)} is missing). Start it with npm start, or set DATABASE_URL to work on a Postgres database directly.`,
    );
  }
  let response: Response;
  try {
    response = await fetch(`${admin.url}${ADMIN_COMMAND_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ command }),
    });
  } catch {
    throw new OpsRemoteError(
      'unavailable',
      `The stack that wrote ${adminFilePath(dataDir)} is not answering at ${admin.url}; is it still running?`,
    );
  }
  const body = (await response.json().catch(() => null)) as
    (OpsOutcome & { error?: undefined }) | { error: { code: string; message: string } } | null;
  if (!response.ok || !body || body.error) {
    throw new OpsRemoteError(
      body?.error?.code ?? 'internal',
      body?.error?.message ?? `admin interface answered ${response.status}`,
    );
  }
  return body;
}
