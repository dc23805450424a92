import { z } from 'zod';
import { listAudit } from '../store/ops-audit.js';
import type { OpsContext } from './context.js';
import { importWorksheetAsOperator } from './import.js';
import { enrollOrg, unenrollOrg } from './orgs.js';
import { purgeRetention } from './purge.js';
import { invalidateUserTokens, restoreUser, revokeUser } from './users.js';

const Text = z.string().trim().min(1).max(500);
const Days = z.number().int().min(1).max(36_500);

/** One ops command, as the CLI parses it and the admin interface receives it. */
export const OpsCommandSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('revoke-user'), email: Text }),
  z.object({ name: z.literal('restore-user'), email: Text }),
  z.object({ name: z.literal('invalidate-tokens'), email: Text }),
  z.object({ name: z.literal('enroll-org'), org: Text }),
  z.object({ name: z.literal('unenroll-org'), org: Text }),
  z.object({
    name: z.literal('purge'),
    telemetryDays: Days.optional(),
    questionsDays: Days.optional(),
  }),
  z.object({
    name: z.literal('import'),
    file: Text,
    workspace: Text,
    workbook: Text,
    worksheet: Text,
    org: Text.optional(),
    owner: Text.optional(),
    format: z.enum(['csv', 'json', 'parquet']).optional(),
    maxBytes: z.number().int().min(1).optional(),
    /** The semantic layer (the file's content, not its path); checked by the import itself. */
    semantics: z.unknown().optional(),
  }),
  z.object({ name: z.literal('audit'), limit: z.number().int().min(1).max(1000).optional() }),
]);
export type OpsCommand = z.infer<typeof OpsCommandSchema>;

/** What a command did: one line for people, and the data for `--json`. */
export interface OpsOutcome {
  summary: string;
  result: unknown;
}

/** Runs one ops command against the database (directly, or inside the running stack's admin interface). */
export async function runOpsCommand(ctx: OpsContext, command: OpsCommand): Promise<OpsOutcome> {
  switch (command.name) {
    case 'revoke-user': {
      const result = await revokeUser(ctx, command.email);
      return {
        summary: `Revoked ${result.user.email}: sign-in and refresh refused, ${result.deletedAuthorizations} stored token(s)/grant(s) deleted, access tokens refused within 30 s.`,
        result,
      };
    }
    case 'restore-user': {
      const result = await restoreUser(ctx, command.email);
      return {
        summary: `Restored ${result.user.email}: they can sign in again (old tokens stay invalid).`,
        result,
      };
    }
    case 'invalidate-tokens': {
      const result = await invalidateUserTokens(ctx, command.email);
      return {
        summary: `Invalidated the tokens of ${result.user.email}: ${result.deletedAuthorizations} stored token(s)/grant(s) deleted, access tokens issued before ${result.user.tokensInvalidBefore} refused within 30 s.`,
        result,
      };
    }
    case 'enroll-org': {
      const result = await enrollOrg(ctx, command.org);
      return { summary: `Enrolled ${result.org.name} in the private beta.`, result };
    }
    case 'unenroll-org': {
      const result = await unenrollOrg(ctx, command.org);
      return { summary: `Took ${result.org.name} out of the private beta.`, result };
    }
    case 'purge': {
      const result = await purgeRetention(ctx, command);
      const { telemetry, turns, conversations } = result.deleted;
      return {
        summary: `Purged ${telemetry} telemetry event(s) older than ${result.telemetryDays} days and ${turns} question(s) (${conversations} empty conversation(s)) older than ${result.questionsDays} days.`,
        result,
      };
    }
    case 'import': {
      const result = await importWorksheetAsOperator(ctx, command);
      return {
        summary: `Imported ${result.worksheet.rowCount} row(s) into ${command.workspace} / ${result.workbook.name} / ${result.worksheet.name} (${result.worksheet.id}${result.createdWorkbook ? ', new workbook' : ''}${command.semantics === undefined ? '' : `, semantic layer of ${result.worksheet.semantics.columns.length} column(s)`}).`,
        result,
      };
    }
    case 'audit': {
      const entries = await listAudit(ctx.db, { limit: command.limit ?? 20 });
      const lines = entries.map((e) => `${e.at}  ${e.actor}  ${e.action}  ${e.target}`);
      return {
        summary: lines.length > 0 ? lines.join('\n') : 'No audit entries yet.',
        result: { entries },
      };
    }
  }
}
