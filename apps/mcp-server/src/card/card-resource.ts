import { CARD_MIME_TYPE, CARD_RESOURCE_URI } from '@ask-analyst/protocol';
import type { McpServer } from '@modelcontextprotocol/server';
import { loadCardAssets } from './card-assets.js';
import { renderCardHtml } from './card-html.js';

/** The card resource as every request serves it: built once, when the server starts. */
export interface CardResource {
  uri: string;
  mimeType: string;
  html: string;
  /** MCP Apps `_meta.ui`: the host lets the frame load from the CDN origin and connect nowhere. */
  meta: {
    ui: { csp: { resourceDomains: string[]; connectDomains: string[] }; prefersBorder: boolean };
  };
}

/** Reads the card's build and writes its HTML for the CDN origin (SPEC section 5). */
export async function loadCardResource(options: {
  distDir: string;
  cdnUrl: string;
}): Promise<CardResource> {
  const assets = await loadCardAssets(options.distDir);
  return {
    uri: CARD_RESOURCE_URI,
    mimeType: CARD_MIME_TYPE,
    html: renderCardHtml(assets, options.cdnUrl),
    meta: {
      ui: {
        csp: { resourceDomains: [options.cdnUrl], connectDomains: [] },
        prefersBorder: true,
      },
    },
  };
}

/** Registers `ui://ask-analyst/card.html` on one request's server (listed and readable). */
export function registerCardResource(server: McpServer, card: CardResource): void {
  // The resource list is fixed: no `notifications/resources/list_changed` is ever sent, so none is
  // declared (the SDK would declare `listChanged: true` on the first registration).
  server.server.registerCapabilities({ resources: { listChanged: false } });
  server.registerResource(
    'ask-analyst-card',
    card.uri,
    {
      title: 'Ask Analyst card',
      description:
        'The interactive view of an Ask Analyst answer (MCP App): question, progress, summary, chart, table and follow-ups.',
      mimeType: card.mimeType,
      _meta: card.meta,
    },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: card.mimeType, text: card.html, _meta: card.meta }],
    }),
  );
}
