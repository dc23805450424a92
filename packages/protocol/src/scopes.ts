import { z } from 'zod';

/** The OAuth scopes of the service (SPEC section 2). There is no admin scope. */
export const SCOPES = ['workbooks.read', 'analyses.write'] as const;
export const ScopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof ScopeSchema>;

/** What a request that names no scope gets (SPEC section 3). */
export const DEFAULT_SCOPE = SCOPES.join(' ');
