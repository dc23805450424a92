import { z } from 'zod';
import { ScopeSchema } from './scopes.js';

/** RFC 9728 protected-resource metadata as the MCP server publishes it (SPEC section 2). */
export const ProtectedResourceMetadataSchema = z.object({
  resource: z.string().url(),
  authorization_servers: z.array(z.string().url()).min(1),
  scopes_supported: z.array(ScopeSchema),
  bearer_methods_supported: z.array(z.literal('header')),
  resource_name: z.string(),
});
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;
