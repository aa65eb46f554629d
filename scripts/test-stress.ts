// `npm run test:stress`: the whole of `npm test` beside one busy-looping process per core, started
// before it and stopped after it, so that the suite proves it passes on a machine that is busy
// when it starts and stays busy. The suite sees the load and runs fewer lanes at once
// (lib/test-concurrency.ts). Arguments are `npm test`'s.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { step } from './lib/log.ts';
import { repoRoot } from './lib/paths.ts';

const hogs = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
step(`stress: ${hogs.length} busy-looping processes, one per core, until the tests end`);
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);

const tests = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/test.ts'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: repoRoot });
// Ctrl-C reaches the tests from the terminal; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => tests.kill(signal));
tests.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
