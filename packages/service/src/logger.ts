/**
 * What the service logs through: a pino-style logger (Fastify's satisfies it). Fields first, then
 * the message; never secrets or user data.
 */
export interface ServiceLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
