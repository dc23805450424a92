export { openDatabase } from './db/database.js';
export type { Database, DatabaseOptions, Queryable, QueryResult } from './db/database.js';
export { migrate } from './db/migrate.js';
export { newId, hasPrefix } from './ids/ids.js';
export type { IdPrefix } from './ids/ids.js';
export { hashPassword, verifyPassword } from './identity/password.js';
export { findPrincipal, findPrincipalForSignIn } from './identity/principals.js';
export type { Principal } from './identity/principals.js';
