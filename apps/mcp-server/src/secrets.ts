// Moved to the product core so every app (mcp-server, the web app) keeps its development secrets
// the same way.
export { persistedSecret } from '@ask-analyst/workspace';
