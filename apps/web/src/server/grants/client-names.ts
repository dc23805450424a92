import type { Conversation } from '@ask-analyst/protocol';
import type { GrantApi } from './grant-api.js';

export interface ClientNamesOptions {
  grants: GrantApi;
  now: () => number;
  /** How long a name is reused (names change rarely; a renamed client shows within this time). */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * Names the MCP clients conversations came from (SPEC section 9: history shows "the MCP client's
 * name and id"), asking the authorization server's grant interface for the ids it has not named
 * lately. When it cannot answer, the conversations keep what they had (the raw id).
 */
export function clientNamer(options: ClientNamesOptions) {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const names = new Map<string, { name: string; until: number }>();
  return async <C extends Pick<Conversation, 'origin'>>(conversations: C[]): Promise<C[]> => {
    const now = options.now();
    const ids = conversations.flatMap((c) =>
      c.origin?.kind === 'mcp' && c.origin.clientId && !c.origin.clientName
        ? [c.origin.clientId]
        : [],
    );
    const missing = [...new Set(ids)].filter((id) => (names.get(id)?.until ?? 0) <= now);
    if (missing.length > 0) {
      try {
        for (const client of await options.grants.describeClients(missing)) {
          if (names.size >= maxEntries) names.clear();
          names.set(client.clientId, { name: client.clientName, until: now + ttlMs });
        }
      } catch {
        // Named by id this time; asked again on the next page.
      }
    }
    return conversations.map((conversation) => {
      const origin = conversation.origin;
      if (origin?.kind !== 'mcp' || !origin.clientId || origin.clientName) return conversation;
      const name = names.get(origin.clientId)?.name;
      return name ? { ...conversation, origin: { ...origin, clientName: name } } : conversation;
    });
  };
}

export type ClientNamer = ReturnType<typeof clientNamer>;
