// Database failures that say nothing about the question asked, only that it was not answered:
// the connection broke or could not be had (a reset, a terminated backend, a full server), the
// statement was cancelled (a statement timeout, pg_cancel_backend) or lost a deadlock. Realtime
// retries these a few times before it gives up on a change, loudly; any other error is an answer
// (a policy raising, a missing grant) and is taken as one.
import pg from 'pg';

/** SQLSTATE classes of failures that another attempt may not meet. */
const transientClasses = ['08', '40', '53', '57', '58'];

export function isTransient(error: unknown): boolean {
  // A fault of this code is no outage: asking again would only hide it for a while.
  if (error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError || error instanceof ReferenceError) return false;
  // Not from Postgres: the socket or the pool failed (ECONNRESET, "Connection terminated", a timeout).
  if (!(error instanceof pg.DatabaseError)) return true;
  return transientClasses.includes((error.code ?? '').slice(0, 2));
}

const retryDelaysMs = [20, 50, 100, 200, 400, 800];

/**
 * Runs `attempt` until it succeeds, a non-transient error is thrown, or the retries are spent;
 * every retry is logged with `what`, and the last error is rethrown with `what` in its message.
 */
export async function retryTransient<T>(what: string, attempt: () => Promise<T>, log: (message: string) => void): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const message = (error as Error).message;
      if (!isTransient(error)) throw error;
      if (tries >= retryDelaysMs.length) throw new Error(`${what} failed ${tries + 1} times, last: ${message}`, { cause: error });
      log(`${what} failed (${message}); retrying`);
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[tries]));
    }
  }
}
