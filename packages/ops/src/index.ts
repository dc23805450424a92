export { startAdminServer } from './admin-server.js';
export type { AdminServer, AdminServerOptions } from './admin-server.js';
