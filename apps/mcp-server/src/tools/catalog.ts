import type { CatalogDeps } from '@ask-analyst/service';
import type { ToolContext } from './define-tool.js';

/** What the catalog operations of packages/service read, from a tool's context. */
export function catalogOf(ctx: ToolContext): CatalogDeps {
  return { db: ctx.db, engine: ctx.engine, appUrl: ctx.config.appUrl };
}
