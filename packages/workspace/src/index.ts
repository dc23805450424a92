export { openDatabase } from './db/database.js';
export type { Database, DatabaseOptions, Queryable, QueryResult } from './db/database.js';
export { migrate, productMigrationSet } from './db/migrate.js';
export type { MigrationSet } from './db/migrate.js';
export type { Migration } from './db/migrations.js';
export { roleGrants } from './db/roles.js';
export type { ServiceRole } from './db/roles.js';
export { newId, hasPrefix } from './ids/ids.js';
export type { IdPrefix } from './ids/ids.js';
export { hashPassword, passwordNeedsRehash, verifyPassword } from './identity/password.js';
export type { ScryptCost } from './identity/password.js';
export { findPrincipal, findPrincipalForSignIn } from './identity/principals.js';
export type { Principal } from './identity/principals.js';
export { WorksheetEngine } from './data/engine.js';
export { DataError, isDataError } from './data/errors.js';
export type { DataErrorCode } from './data/errors.js';
export { demoDataFile } from './data/demo-data.js';
export { quoteIdentifier, quoteLiteral } from './data/sql.js';
export type {
  Cell,
  ColumnProfile,
  ColumnType,
  EngineOptions,
  Filter,
  FilterOp,
  IngestOptions,
  IngestResult,
  ReadRequest,
  ReadResult,
  RemoveOrphansOptions,
  SortKey,
  WorksheetColumn,
  WorksheetQueryOptions,
  WorksheetQueryResult,
  WorksheetRef,
} from './data/types.js';
export { WorkspaceError, isWorkspaceError } from './errors.js';
export type { WorkspaceErrorCode } from './errors.js';
export {
  createOrganization,
  findOrganizationByName,
  getOrganization,
  setOrganizationEnrolled,
} from './store/organizations.js';
export type { OrganizationRecord } from './store/organizations.js';
export {
  createUser,
  findUserByEmail,
  getUser,
  invalidateTokensOfUser,
  replacePasswordHash,
  setUserStatus,
} from './store/users.js';
export type { UserRecord, UserStatus } from './store/users.js';
export {
  CLIENT_POLICY_MODES,
  getClientPolicy,
  invalidateClientTokens,
  policyAllows,
  setClientPolicy,
} from './store/client-access.js';
export type { ClientPolicy, ClientPolicyMode } from './store/client-access.js';
export {
  createWorkspace,
  findWorkspacesByName,
  getWorkspace,
  listMemberships,
  removeMembership,
  setMembership,
} from './store/workspaces.js';
export type { MembershipRecord, WorkspaceRecord } from './store/workspaces.js';
export {
  createWorkbook,
  findWorkbookByName,
  getWorkbook,
  touchWorkbook,
} from './store/workbooks.js';
export type { WorkbookRecord } from './store/workbooks.js';
export {
  createWorksheet,
  findWorksheetByName,
  getWorksheet,
  listDataPaths,
  listWorksheets,
} from './store/worksheets.js';
export type { WorksheetRecord } from './store/worksheets.js';
export { getSemanticLayer, setSemanticLayer } from './store/semantic-layers.js';
export {
  ColumnSemanticsSchema,
  DEFAULT_AGGREGATIONS,
  CONDITION_OPS,
  EMPTY_SEMANTIC_LAYER,
  NamedConditionSchema,
  RowSemanticsSchema,
  SemanticLayerSchema,
  checkSemanticLayer,
  checkSemanticLayerShape,
  semanticsByColumn,
} from './semantics/layer.js';
export type {
  ColumnSemantics,
  DefaultAggregation,
  NamedCondition,
  RowSemantics,
  SemanticLayer,
} from './semantics/layer.js';
export {
  createConversation,
  getConversation,
  placeConversation,
  touchConversation,
} from './store/conversations.js';
export type { ConversationOriginRecord, ConversationRecord } from './store/conversations.js';
export {
  createWebSession,
  createWebSignIn,
  deleteUserWebSessions,
  deleteWebSession,
  hashSecretId,
  purgeWebSessions,
  takeWebSignIn,
  touchWebSession,
} from './store/web-sessions.js';
export type { WebSessionRecord, WebSignIn } from './store/web-sessions.js';
export {
  claimNextTurn,
  countUnfinishedTurns,
  createTurn,
  finishLeasedTurn,
  getLatestTurn,
  getTurn,
  listTurns,
  listTurnsByStatus,
  recoverAbandonedTurns,
  renewTurnLease,
  requeueTurn,
  updateLeasedTurn,
  updateTurn,
} from './store/turns.js';
export type { TurnClaim, TurnPatch, TurnRecord, TurnStatus } from './store/turns.js';
export {
  listTelemetry,
  purgeTelemetry,
  recordTelemetry,
  recordTelemetryBatch,
} from './store/telemetry.js';
export type { TelemetryEvent, TelemetryRecord } from './store/telemetry.js';
export { purgeQuestions } from './store/questions.js';
export { listAudit, listOrganizationAudit, recordAudit } from './store/ops-audit.js';
export {
  addOrganizationOwner,
  countOtherActiveOwners,
  isOrganizationOwner,
} from './store/organization-owners.js';
export {
  listOrganizationMembers,
  listOrganizationWorkspaces,
} from './store/organization-members.js';
export type { OrganizationMember } from './store/organization-members.js';
export {
  listUserToolCallFacets,
  listUserToolCalls,
  organizationUsage,
} from './store/tool-calls.js';
export type { ToolCallFilter, ToolCallView, UsageCount } from './store/tool-calls.js';
export {
  changeMemberRole,
  removeMemberFromWorkspace,
  restoreMemberAccess,
  revokeMemberAccess,
} from './admin/organization-admin.js';
export type { AdminContext, OwnerActor } from './admin/organization-admin.js';
export type { AuditEntry } from './store/ops-audit.js';
export { ROLES, hasRole, isRole } from './permissions/roles.js';
export type { Role } from './permissions/roles.js';
export { listReadableWorkspaces, roleInWorkspace } from './permissions/access.js';
export type { PrincipalRef } from './permissions/access.js';
export { assertAllowed, authorize, can, requireRole } from './permissions/authorize.js';
export type { Action, Decision } from './permissions/authorize.js';
export {
  getReadableWorkbook,
  getReadableWorkbookWithWorksheets,
  listReadableWorkbooks,
} from './permissions/workbooks.js';
export type { ListWorkbooksOptions } from './permissions/workbooks.js';
export { getReadableWorksheet, listReadableWorksheets } from './permissions/worksheets.js';
export type { ReadableWorksheet } from './permissions/worksheets.js';
export {
  getReadableConversation,
  listReadableConversations,
  toConversationView,
} from './permissions/conversations.js';
export type { ConversationView } from './permissions/conversations.js';
export type { LinkOptions, NamedRef, WorkbookView } from './permissions/views.js';
export { seedDemoWorkspace } from './seed/demo.js';
export type { SeedOptions } from './seed/demo.js';
export { DEMO_PASSWORD, DEMO_WORKBOOKS } from './seed/demo-spec.js';
export { removeOrphanWorksheetFiles } from './seed/orphans.js';
export { importWorksheet } from './import/import-file.js';
export type { ImportedWorksheet, ImportWorksheetOptions } from './import/import-file.js';
export { invalidateUserTokens, restoreUser, revokeUser } from './ops/users.js';
export type { UserOpsResult } from './ops/users.js';
export { enrollOrg, unenrollOrg } from './ops/orgs.js';
export { purgeRetention } from './ops/purge.js';
export type { PurgeResult, RetentionOptions } from './ops/purge.js';
export { importWorksheetAsOperator } from './ops/import.js';
export type { OperatorImportOptions } from './ops/import.js';
export type { OpsContext, StoredCredentials } from './ops/context.js';
export { OpsCommandSchema, runOpsCommand } from './ops/commands.js';
export type { OpsCommand, OpsOutcome } from './ops/commands.js';
export { toOpsFailure } from './ops/error-codes.js';
export type { OpsFailure } from './ops/error-codes.js';
export { ensurePrivateDirectory } from './files/private-directory.js';
export { persistedSecret } from './files/persisted-secret.js';
