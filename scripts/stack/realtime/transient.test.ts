// Which database failures Realtime asks again (transient.ts), and that it asks a bounded number
// of times, logging each retry, and says what failed when it gives up.
import pg from 'pg';
import { expect, it } from 'vitest';
import { isTransient, retryTransient } from './transient.ts';

const sqlError = (code: string) => Object.assign(new pg.DatabaseError('failed', 0, 'error'), { code });

it('takes broken connections, cancellations and deadlocks as transient, and answers as answers', () => {
  for (const code of ['08006', '40P01', '53300', '57014', '57P01', '58030']) expect(isTransient(sqlError(code)), code).toBe(true);
  expect(isTransient(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isTransient(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
  for (const code of ['P0001', '42501', '42P01', '22P02']) expect(isTransient(sqlError(code)), code).toBe(false);
  expect(isTransient(new TypeError('x is undefined'))).toBe(false);
});

it('asks again until it works, logging each retry', async () => {
  const logged: string[] = [];
  let calls = 0;
  const answer = await retryTransient('the check', async () => (++calls < 3 ? Promise.reject(sqlError('57P01')) : 'done'), (m) => logged.push(m));
  expect(answer).toBe('done');
  expect(calls).toBe(3);
  expect(logged).toEqual(['the check failed (failed); retrying', 'the check failed (failed); retrying']);
});

it('gives up after a bounded number of attempts, naming what failed, and never retries an answer', async () => {
  let calls = 0;
  const failing = retryTransient('the check', async () => Promise.reject(new Error(`reset ${++calls}`)), () => undefined);
  await expect(failing).rejects.toThrow('the check failed 7 times, last: reset 7');
  expect(calls).toBe(7);

  calls = 0;
  const refused = retryTransient('the check', async () => Promise.reject(Object.assign(sqlError('P0001'), { message: 'a policy that fails' })), () => calls++);
  await expect(refused).rejects.toThrow('a policy that fails');
  expect(calls).toBe(0);
});
