/**
 * The authorization server's storage, without the server (`@ask-analyst/dev-auth/store`): its
 * migrations, the grants of its database role, and the credential store ops functions use.
 */
export { authMigrationSet, authTableGrants } from './db/migrations.js';
export { storedCredentials } from './db/stored-credentials.js';
