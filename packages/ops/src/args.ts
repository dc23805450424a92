import { parseArgs } from 'node:util';
import { OpsCommandSchema, type OpsCommand } from '@ask-analyst/workspace';

/** Bad command-line usage (exit status 2, with the usage text). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: pnpm ops <command> [options]

Commands:
  revoke-user <email>          Revoke a user's access: sign-in, refresh and tokens refused
  restore-user <email>         Restore a revoked user's access (they sign in again)
  invalidate-tokens <email>    Invalidate a user's refresh tokens and outstanding access tokens
  enroll-org <name>            Enroll an organization in the private beta
  unenroll-org <name>          Take an organization out of the private beta
  purge [--telemetry-days N] [--questions-days N]
                               Delete telemetry (default 90 days) and questions (default 365 days) older than that
  import <file> --workspace <name> --workbook <name> --worksheet <name> [--org <name>] [--owner <email>] [--format csv|json|parquet] [--semantics <layer.json>]
                               Import a CSV, JSON or Parquet file as a new worksheet, with its semantic layer;
                               the file must be inside the import folder (IMPORT_DIR, default \${DATA_DIR:-.data}/imports)
  audit [--limit N]            Show recent ops audit entries

Options:
  --json           Print the result as JSON
  --help           Show this help

With DATABASE_URL set the command works on that Postgres database directly (DATA_DIR names the data
folder for imports); otherwise it goes through the running dev stack's loopback admin interface,
found in \${DATA_DIR:-.data}/admin.json. The audit log records who acted as the identity that
authenticated: the account that started the stack (only it can read admin.json), or, with
DATABASE_URL, this account and its database role.`;

export type ParsedArgs =
  | { help: true }
  | {
      help: false;
      command: OpsCommand;
      json: boolean;
      /** `import --semantics`: the semantic layer's JSON file, read by the CLI itself. */
      semanticsFile?: string | undefined;
    };

const ARITY: Record<string, string | null> = {
  'revoke-user': 'email',
  'restore-user': 'email',
  'invalidate-tokens': 'email',
  'enroll-org': 'org',
  'unenroll-org': 'org',
  purge: null,
  import: 'file',
  audit: null,
};

/** Parses `pnpm ops` arguments into a validated command. */
export function parseOpsArgs(argv: string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        actor: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        'telemetry-days': { type: 'string' },
        'questions-days': { type: 'string' },
        workspace: { type: 'string' },
        workbook: { type: 'string' },
        worksheet: { type: 'string' },
        org: { type: 'string' },
        owner: { type: 'string' },
        format: { type: 'string' },
        'max-bytes': { type: 'string' },
        limit: { type: 'string' },
        semantics: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return { help: true };
  const [name, ...rest] = positionals;
  if (!name || !(name in ARITY)) throw new UsageError(`Unknown command ${JSON.stringify(name)}`);
  const argument = ARITY[name];
  if (rest.length !== (argument ? 1 : 0)) {
    throw new UsageError(
      argument ? `${name} takes one ${argument}` : `${name} takes no positional arguments`,
    );
  }
  if (values.actor !== undefined) {
    throw new UsageError(
      '--actor is gone: the audit log records the operator identity that authenticated, not a name given here',
    );
  }

  const candidate = {
    name,
    telemetryDays: integer(values['telemetry-days'], '--telemetry-days'),
    questionsDays: integer(values['questions-days'], '--questions-days'),
    workspace: values.workspace,
    workbook: values.workbook,
    worksheet: values.worksheet,
    org: name === 'import' ? values.org : undefined,
    owner: values.owner,
    format: values.format,
    maxBytes: integer(values['max-bytes'], '--max-bytes'),
    limit: integer(values.limit, '--limit'),
    ...(argument ? { [argument]: rest[0] } : {}),
  };
  const command = OpsCommandSchema.safeParse(candidate);
  if (!command.success) {
    const problems = command.error.issues.map(
      (i) => `--${String(i.path[0] ?? 'command')}: ${i.message}`,
    );
    throw new UsageError(`${name}: ${problems.join('; ')}`);
  }
  if (values.semantics !== undefined && name !== 'import')
    throw new UsageError('--semantics goes with import only');
  return {
    help: false,
    command: command.data,
    json: values.json,
    semanticsFile: values.semantics,
  };
}

function integer(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be a whole number`);
  return Number(value);
}
