import type { MigrationSet } from '@ask-analyst/workspace';

/**
 * The authorization server's own tables: oidc-provider's models (clients, grants, sessions,
 * interactions, codes, refresh tokens; values stored hashed) and the signing keys. Run by the same
 * migrator as the product tables, with its own ledger. `if not exists`: databases created before
 * these tables moved here (the product core's version 1 made them) adopt them as they are.
 */
export const authMigrationSet: MigrationSet = {
  ledger: 'dev_auth_migrations',
  migrations: [
    {
      version: 1,
      name: 'provider models and signing keys',
      statements: [
        `create table if not exists oidc_models (
          model text not null,
          id text not null,
          payload jsonb not null,
          grant_id text,
          user_code text,
          uid text,
          account_id text,
          expires_at timestamptz,
          consumed_at timestamptz,
          primary key (model, id)
        )`,
        `create index if not exists oidc_models_grant on oidc_models (grant_id)`,
        `create index if not exists oidc_models_uid on oidc_models (uid)`,
        `create index if not exists oidc_models_account on oidc_models (account_id)`,
        `create table if not exists signing_keys (
          kid text primary key,
          private_jwk jsonb not null,
          created_at timestamptz not null default now(),
          retired_at timestamptz
        )`,
      ],
    },
  ],
};

/** Least-privilege grants of the authorization server's role on its own tables (docs/database-roles.md). */
export function authTableGrants(roleName: string): string[] {
  const quoted = `"${roleName.replaceAll('"', '""')}"`;
  return [
    `grant select on dev_auth_migrations to ${quoted}`,
    `grant select, insert, update, delete on oidc_models to ${quoted}`,
    `grant select, insert, update on signing_keys to ${quoted}`,
  ];
}
