// The mail sandbox as the local stack runs it: a process of its own (process.ts) that holds the
// key it was given, which never shows in its command line, and leaves nothing once stopped.
// (A sandbox gone with a stack killed outright: scripts/commerce-sandbox/process.test.ts, same helper.)
import { readFileSync, rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { newLocalApiKey } from './server.ts';
import { startMailSandboxProcess } from './process.ts';
import { confirmation, sendEmail, sentCount, tempMailDir } from './test-support.ts';

it('serves the API from a process of its own with the key given, and is gone once stopped', async () => {
  const dataDir = tempMailDir();
  const apiKey = newLocalApiKey();
  try {
    const sandbox = await startMailSandboxProcess({ port: 0, dataDir, apiKey });
    expect(sandbox.pid).not.toBe(process.pid);
    expect(readFileSync(`/proc/${sandbox.pid}/cmdline`, 'utf8')).not.toContain(apiKey);

    expect((await sendEmail(sandbox, confirmation())).status).toBe(200);
    expect((await sendEmail(sandbox, confirmation(), { key: newLocalApiKey() })).status).toBe(403);
    expect(await sentCount(sandbox)).toBe(1);

    await sandbox.close();
    await expect(fetch(`${sandbox.url}/emails`)).rejects.toThrow();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 30_000);
