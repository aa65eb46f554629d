// The Deno executable that the `deno` npm package ships in its platform package. Its bin entry
// is a Node wrapper that runs Deno as a grandchild with spawnSync: a signal to the wrapper would
// orphan Deno, so long-running processes are started from the binary itself.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './paths.ts';

const platformPackages: Record<string, string> = {
  'linux-x64': 'linux-x64-glibc',
  'linux-arm64': 'linux-arm64-glibc',
  'darwin-x64': 'darwin-x64',
  'darwin-arm64': 'darwin-arm64',
};

export function denoExecutable(): string {
  const target = platformPackages[`${process.platform}-${process.arch}`];
  if (!target) throw new Error(`Deno from npm has no build for ${process.platform}-${process.arch}`);
  // Resolved from the deno package, whose optional dependency the platform package is.
  const denoPackage = createRequire(join(repoRoot, 'package.json')).resolve('deno/package.json');
  return join(dirname(createRequire(denoPackage).resolve(`@deno/${target}/package.json`)), 'deno');
}

/**
 * What the edge functions' Deno tests may do: reach the stack, read its environment and the
 * repository, and run `pdftotext` (and nothing else) to read a delivered PDF as a reader would.
 */
export const functionTestPermissions = ['--allow-net', '--allow-env', '--allow-read', '--allow-run=pdftotext'];
