// bench:load's names for the stack's processes, read from their command lines: each Deno worker by
// the function it runs, as the edge runtime really starts it; a Node child by its script.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../lib/paths.ts';
import { limitsFor } from '../stack/functions/limits.ts';
import { denoArgs, denoBinary } from '../stack/functions/worker.ts';
import { labelOfCommandLine } from './stack-processes.ts';

it('names a Deno worker by its function, whatever the runtime passes after its entry', () => {
  const functions = join(repoRoot, 'supabase/functions');
  const args = denoArgs({
    name: 'create-checkout',
    dir: join(functions, 'create-checkout'),
    env: {},
    denoDir: '/tmp/deno',
    allowRead: [functions],
    allowNet: ['127.0.0.1'],
    limits: limitsFor(),
  });
  expect(labelOfCommandLine([denoBinary, ...args])).toBe('deno create-checkout');
  expect(labelOfCommandLine([denoBinary, 'run', 'something-else.ts'])).toBe('deno worker');
});

it('names a Node child by its script and folder, and PostgreSQL processes by their title', () => {
  expect(labelOfCommandLine(['/usr/bin/node', '--import', 'tsx', join(repoRoot, 'scripts/mail-sandbox/main.ts'), '--port', '0'])).toBe('node mail-sandbox/main.ts');
  expect(labelOfCommandLine(['postgres: walsender supabase_realtime_admin 127.0.0.1(5432) streaming 0/1'])).toBe('postgres walsender');
  expect(labelOfCommandLine(['postgres: authenticator postgres 127.0.0.1(40312) idle'])).toBe('postgres backends');
  expect(labelOfCommandLine(['postgres: checkpointer '])).toBe('postgres (server workers)');
});
