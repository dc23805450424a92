/** An ops failure reported by the admin interface, raised again in the CLI. */
export class OpsRemoteError extends Error {
  override readonly name = 'OpsRemoteError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
