// The Stripe sandbox as the local stack will run it: a process of its own (process.ts) that holds
// the key it was given, which never shows in its command line, and leaves nothing once stopped.
// (A sandbox gone with a stack killed outright: scripts/commerce-sandbox/process.test.ts, same helper.)
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { newLocalSecretKey } from './ids.ts';
import { startStripeSandboxProcess } from './process.ts';
import { openSession, stripeClient } from './test-support.ts';

it('serves the API from a process of its own with the key given, and is gone once stopped', async () => {
  const secretKey = newLocalSecretKey();
  const sandbox = await startStripeSandboxProcess({ port: 0, secretKey, retryDelaysMs: [10] });
  try {
    expect(sandbox.pid).not.toBe(process.pid);
    expect(readFileSync(`/proc/${sandbox.pid}/cmdline`, 'utf8')).not.toContain(secretKey);
    const session = await openSession(stripeClient(sandbox));
    expect(session.url).toBe(`${sandbox.url}/c/pay/${session.id}`);
    await expect(stripeClient(sandbox, newLocalSecretKey()).checkout.sessions.list()).rejects.toMatchObject({ statusCode: 401 });
  } finally {
    await sandbox.close();
  }
  await expect(fetch(`${sandbox.url}/v1/events`)).rejects.toThrow();
}, 30_000);
