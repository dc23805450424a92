/**
 * One schema change; statements run in order inside one transaction. Never edit a shipped one: add
 * another. (Version 1 once also created the authorization server's tables; they moved to
 * dev-auth's own migrations, which adopt them where they exist:
 * docs/decisions/040-dev-auth-owns-its-tables.md.)
 */
export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'product core',
    statements: [
      `create table organizations (
        id text primary key,
        name text not null unique,
        enrolled boolean not null default false,
        created_at timestamptz not null default now()
      )`,
      `create table users (
        id text primary key,
        org_id text not null references organizations(id),
        email text not null unique,
        name text not null,
        password_hash text,
        status text not null default 'active' check (status in ('active', 'revoked')),
        tokens_invalid_before timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create table workspaces (
        id text primary key,
        org_id text not null references organizations(id),
        name text not null,
        created_at timestamptz not null default now(),
        unique (org_id, name)
      )`,
      `create table memberships (
        workspace_id text not null references workspaces(id) on delete cascade,
        user_id text not null references users(id) on delete cascade,
        role text not null check (role in ('viewer', 'analyst', 'admin')),
        primary key (workspace_id, user_id)
      )`,
      `create index memberships_user on memberships (user_id)`,
      `create table workbooks (
        id text primary key,
        workspace_id text not null references workspaces(id),
        name text not null,
        description text not null default '',
        owner_id text not null references users(id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workspace_id, name)
      )`,
      `create table worksheets (
        id text primary key,
        workbook_id text not null references workbooks(id),
        name text not null,
        description text not null default '',
        position integer not null default 0,
        row_count bigint not null,
        columns jsonb not null,
        data_path text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (workbook_id, name)
      )`,
      `create table conversations (
        id text primary key,
        workspace_id text not null references workspaces(id),
        user_id text not null references users(id),
        title text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`,
      `create index conversations_user on conversations (user_id, updated_at desc)`,
      `create table turns (
        id text primary key,
        conversation_id text not null references conversations(id) on delete cascade,
        index integer not null,
        question text not null,
        status text not null check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        created_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz,
        progress jsonb,
        answer jsonb,
        error jsonb,
        unique (conversation_id, index)
      )`,
      `create table telemetry (
        id bigserial primary key,
        at timestamptz not null default now(),
        user_id text,
        org_id text,
        client_id text,
        tool text not null,
        outcome text not null,
        error_code text,
        duration_ms integer not null,
        request_id text not null,
        argument_shape jsonb not null
      )`,
      `create index telemetry_at on telemetry (at)`,
      `create table ops_audit (
        id bigserial primary key,
        at timestamptz not null default now(),
        actor text not null,
        action text not null,
        target text not null,
        details jsonb not null default '{}'::jsonb
      )`,
    ],
  },
  {
    version: 2,
    name: 'seed markers and retention indexes',
    statements: [
      `create table seed_markers (
        name text primary key,
        applied_at timestamptz not null default now()
      )`,
      `create index turns_created on turns (created_at)`,
      `create index conversations_created on conversations (created_at)`,
      `create index ops_audit_at on ops_audit (at)`,
      `create index worksheets_workbook on worksheets (workbook_id, position)`,
    ],
  },
  {
    version: 3,
    name: 'service secrets',
    statements: [
      `create table service_secrets (
        name text primary key,
        value text not null,
        created_at timestamptz not null default now()
      )`,
    ],
  },
  {
    version: 4,
    name: 'analysis turns: worksheet of a conversation, leases',
    statements: [
      `alter table conversations add column worksheet_id text references worksheets(id)`,
      `alter table turns add column lease_owner text`,
      `alter table turns add column lease_expires_at timestamptz`,
      `alter table turns add column attempts integer not null default 0`,
      `create index turns_unfinished on turns (status, created_at) where status in ('queued', 'running')`,
    ],
  },
  {
    version: 5,
    name: 'worksheet count kept on workbooks',
    // Every workbook listing showed a count of its worksheets, counted per listed workbook on every
    // call (a third of the list query's time). The count is kept by a trigger in the same
    // transaction as the insert, delete or move, so it is never stale
    // (docs/performance-archive.md, decision 63).
    statements: [
      `alter table workbooks add column worksheet_count integer not null default 0`,
      `update workbooks wb set worksheet_count = (select count(*) from worksheets s where s.workbook_id = wb.id)`,
      `create function worksheets_keep_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update workbooks set worksheet_count = worksheet_count - 1 where id = old.workbook_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update workbooks set worksheet_count = worksheet_count + 1 where id = new.workbook_id;
        end if;
        return null;
      end
      $$`,
      `create trigger worksheets_keep_count after insert or delete or update of workbook_id on worksheets
        for each row execute function worksheets_keep_count()`,
    ],
  },
  {
    version: 6,
    name: 'semantic layer of worksheets',
    // One JSON document per worksheet, read with the worksheet row by the same queries that read
    // its columns and replaced whole when set (docs/decisions/100-semantic-layer-on-the-worksheet.md).
    // A constant default adds the column without rewriting the table.
    statements: [
      `alter table worksheets add column semantics jsonb not null default '{"columns": []}'::jsonb`,
    ],
  },
  {
    version: 7,
    name: 'plan a client passed with a question',
    // start_analysis and continue_analysis may carry the client's own AnalysisPlan (SPEC section 4);
    // whichever runner claims the turn answers it from that plan, so it is kept with the turn (and
    // purged with it: docs/decisions/110-client-plans-checked-like-any-planner.md).
    statements: [`alter table turns add column plan jsonb`],
  },
  {
    version: 8,
    name: 'web sessions and conversation origins',
    // The product web app's sessions live here so they survive a restart and work on any replica
    // (docs/decisions/107-web-sessions-in-the-database.md). Ids and sign-in states are stored as
    // SHA-256 hashes: a copy of the table opens no session. A conversation records where it was
    // started (SPEC section 9, `Conversation.origin`); older rows have none.
    statements: [
      `create table web_sessions (
        id_hash text primary key,
        user_id text not null references users(id) on delete cascade,
        csrf_token text not null,
        id_token text,
        signed_in_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`,
      `create index web_sessions_user on web_sessions (user_id)`,
      `create table web_sign_ins (
        state_hash text primary key,
        code_verifier text not null,
        nonce text not null,
        return_to text not null,
        created_at timestamptz not null default now()
      )`,
      `alter table conversations add column origin_kind text check (origin_kind in ('mcp', 'web'))`,
      `alter table conversations add column origin_client_id text`,
      `alter table conversations add column origin_client_name text`,
    ],
  },
  {
    version: 9,
    name: 'grant invalidations, client policies, organization owners',
    // Disconnecting an app, a replayed refresh token or a tightened client policy invalidates one
    // user's tokens of one client, beside the per-user `users.tokens_invalid_before`: access tokens
    // of that (user, client) issued before the second are refused (SPEC sections 7 and 9). Which
    // clients may connect is an organization's policy, enforced by the authorization server; its
    // owners (SPEC section 6) edit it (docs/decisions/123-grant-invalidation-per-user-and-client.md).
    statements: [
      `create table client_token_invalidations (
        user_id text not null references users(id) on delete cascade,
        client_id text not null,
        invalid_before timestamptz not null,
        primary key (user_id, client_id)
      )`,
      `create table client_policies (
        org_id text primary key references organizations(id) on delete cascade,
        mode text not null check (mode in ('any', 'pre_registered', 'allow_list')),
        allowed_client_ids text[] not null default '{}',
        updated_by text references users(id) on delete set null,
        updated_at timestamptz not null default now()
      )`,
      `create table organization_owners (
        org_id text not null references organizations(id) on delete cascade,
        user_id text not null references users(id) on delete cascade,
        primary key (org_id, user_id)
      )`,
    ],
  },
  {
    version: 10,
    name: 'owner and activity indexes',
    // The admin and activity pages (SPEC section 9) read an owner's organizations, a user's or an
    // organization's telemetry newest first, and the audit trail of one target.
    statements: [
      `create index organization_owners_user on organization_owners (user_id)`,
      `create index telemetry_user_at on telemetry (user_id, at desc)`,
      `create index telemetry_org_at on telemetry (org_id, at desc)`,
      `create index ops_audit_target on ops_audit (target, at desc)`,
    ],
  },
];
