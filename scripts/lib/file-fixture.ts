// For test files: something started once before a file's tests and stopped after them (a stack,
// a sandbox, a browser). `start` cleans up after itself when it fails half-way.
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/** Registers the file's hooks; the returned function reads the value once the tests run. */
export function useFileFixture<T>(start: () => Promise<T>, stop: (value: T) => Promise<unknown>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value !== undefined) await stop(value);
  });
  return () => {
    if (value === undefined) throw new Error('a test fixture is read before beforeAll has run');
    return value;
  };
}

/** A superuser client on a stack just started; the stack is stopped again when it cannot connect. */
export async function withDatabaseClient<S extends { dbUrl: string; stop(): Promise<unknown> }>(stack: S): Promise<{ stack: S; db: pg.Client }> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  try {
    await db.connect();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return { stack, db };
}
