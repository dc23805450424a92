import { expect } from 'vitest';
import { DataError } from '../data/errors.js';

/** Expects `promise` to reject with a DataError of `code`, naming `field` when one is given. */
export async function expectDataError(
  promise: Promise<unknown>,
  code: string,
  field?: string,
): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DataError);
  expect((error as DataError).code).toBe(code);
  if (field !== undefined) expect((error as DataError).field).toBe(field);
}
