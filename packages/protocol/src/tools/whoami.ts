import { z } from 'zod';
import { ScopeSchema } from '../scopes.js';

export const WhoamiInputSchema = z.strictObject({});
export type WhoamiInput = z.infer<typeof WhoamiInputSchema>;

export const WhoamiOutputSchema = z.object({
  user: z.object({
    id: z.string().describe('The user id (usr_…).'),
    email: z.string(),
    name: z.string(),
  }),
  organization: z.object({
    id: z.string().describe('The organization id (org_…).'),
    name: z.string(),
  }),
  scopes: z.array(ScopeSchema).describe('The OAuth scopes this connection was granted.'),
  clientId: z.string().describe('The OAuth client id of the connected application.'),
});
export type WhoamiOutput = z.infer<typeof WhoamiOutputSchema>;
