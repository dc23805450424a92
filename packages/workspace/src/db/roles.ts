/** The processes that connect to the product database, each under its own role in production. */
export type ServiceRole = 'mcp-server' | 'dev-auth';

/** Every column of `users` except `password_hash`. */
const USER_COLUMNS_WITHOUT_SECRET =
  'id, org_id, email, name, status, tokens_invalid_before, created_at, updated_at';

const GRANTS: Record<ServiceRole, string[]> = {
  // Reads the people, roles and workbooks a call is checked against; writes telemetry and
  // Ask Analyst history; purges both past retention. Never reads password hashes.
  'mcp-server': [
    `grant select on schema_migrations to {role}`,
    `grant select on organizations, workspaces, memberships, workbooks, worksheets to {role}`,
    `grant select (${USER_COLUMNS_WITHOUT_SECRET}) on users to {role}`,
    `grant select, insert, update, delete on conversations, turns to {role}`,
    `grant select, insert, delete on telemetry to {role}`,
    `grant usage on sequence telemetry_id_seq to {role}`,
    `grant select, insert on service_secrets to {role}`,
    `grant select on client_token_invalidations to {role}`,
  ],
  // Signs people in (reads and upgrades password hashes) and checks them at every grant; its own
  // provider tables are granted by its own migrations (apps/dev-auth).
  'dev-auth': [
    `grant select on schema_migrations to {role}`,
    `grant select on organizations to {role}`,
    `grant select (${USER_COLUMNS_WITHOUT_SECRET}, password_hash) on users to {role}`,
    `grant update (password_hash) on users to {role}`,
    // The owner of grants: invalidates a (user, client) and keeps each organization's client policy.
    `grant select, insert, update on client_token_invalidations, client_policies to {role}`,
  ],
};

/**
 * The least-privilege grants a process needs on the product tables, as SQL for `roleName` (an
 * existing role; quoted here). Migrations, seeding and ops commands run as the schema owner.
 * Documented in docs/database-roles.md.
 */
export function roleGrants(role: ServiceRole, roleName: string): string[] {
  const quoted = `"${roleName.replaceAll('"', '""')}"`;
  return GRANTS[role].map((statement) => statement.replace('{role}', quoted));
}
