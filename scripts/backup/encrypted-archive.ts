// The archive file: a tar of the backup folder, encrypted with GnuPG's symmetric mode (AES-256,
// a passphrase stretched by its iterated and salted S2K, and an integrity code that makes any
// change or truncation fail the decryption), plus a `<archive>.sha256` beside it in sha256sum's
// format, so anyone can check a copy without the passphrase. GnuPG runs with a throwaway home, its
// agent stopped afterwards; the passphrase goes through a pipe, never the command line.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileSha256 } from './storage-objects.ts';

export class ArchiveRefused extends Error {}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; passphrase?: string } = {}): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${command} is not installed (Debian: apt-get install ${command === 'tar' ? 'tar' : 'gnupg'}).`) : error),
    );
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
    const passphraseFd = child.stdio[3] as NodeJS.WritableStream;
    passphraseFd.on('error', () => undefined);
    passphraseFd.end(options.passphrase ?? '');
  });
}

async function withGnupg<T>(work: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  const home = mkdtempSync(join(tmpdir(), 'shop-gnupg-'));
  const env = { ...process.env, GNUPGHOME: home };
  try {
    return await work(env);
  } finally {
    await run('gpgconf', ['--kill', 'gpg-agent'], { env }).catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  }
}

/** Fails at once, before any work, when GnuPG or tar is missing. */
export async function requireArchiveTools(): Promise<void> {
  for (const tool of ['gpg', 'gpgconf', 'tar']) await run(tool, ['--version']);
}

const gpgCommon = ['--batch', '--yes', '--no-tty', '--quiet', '--pinentry-mode', 'loopback', '--passphrase-fd', '3', '--no-symkey-cache'];

/** Packs `folder` into `archive` (encrypted) and writes `<archive>.sha256`. */
export async function sealArchive(folder: string, archive: string, passphrase: string): Promise<string> {
  const tarFile = `${archive}.tar.partial`;
  try {
    const tar = await run('tar', ['--create', '--file', tarFile, '--directory', folder, '.']);
    if (tar.code !== 0) throw new Error(`tar failed: ${tar.stderr.trim()}`);
    await withGnupg(async (env) => {
      const args = [...gpgCommon, '--symmetric', '--cipher-algo', 'AES256', '--s2k-mode', '3', '--s2k-digest-algo', 'SHA512', '--s2k-count', '65011712', '--output', `${archive}.partial`, tarFile];
      const gpg = await run('gpg', args, { env, passphrase });
      if (gpg.code !== 0) throw new Error(`gpg could not encrypt the archive: ${gpg.stderr.trim()}`);
    });
    chmodSync(`${archive}.partial`, 0o600);
    renameSync(`${archive}.partial`, archive);
  } finally {
    rmSync(tarFile, { force: true });
    rmSync(`${archive}.partial`, { force: true });
  }
  const digest = await fileSha256(archive);
  writeFileSync(`${archive}.sha256`, `${digest}  ${basename(archive)}\n`);
  return digest;
}

/**
 * Checks `<archive>.sha256` when it is there, decrypts and unpacks into a new folder, which it
 * returns. Refuses (ArchiveRefused) a damaged file or a wrong passphrase, leaving nothing behind.
 */
export async function openArchive(archive: string, passphrase: string): Promise<string> {
  if (!existsSync(archive)) throw new ArchiveRefused(`${archive}: no such file.`);
  const sidecar = `${archive}.sha256`;
  if (existsSync(sidecar)) {
    const expected = readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0];
    if (expected !== (await fileSha256(archive))) {
      throw new ArchiveRefused(`${archive} is corrupted or truncated: its SHA-256 is not the one recorded in ${basename(sidecar)} when it was written. Take another copy of the archive.`);
    }
  }
  const folder = mkdtempSync(join(tmpdir(), 'shop-restore-'));
  const tarFile = join(folder, '..', `${basename(folder)}.tar`);
  try {
    await withGnupg(async (env) => {
      const gpg = await run('gpg', [...gpgCommon, '--decrypt', '--output', tarFile, archive], { env, passphrase });
      if (gpg.code === 0) return;
      if (/bad session key|bad passphrase/i.test(gpg.stderr)) throw new ArchiveRefused(`Wrong passphrase: ${archive} cannot be decrypted with the passphrase given (BACKUP_PASSPHRASE or BACKUP_PASSPHRASE_FILE).`);
      // A changed byte fails the integrity check, or, when it lands in the compressed stream, zlib's.
      if (/manipulated|invalid packet|read error|unexpected|pending bytes|problem reading|inflate problem|CRC|no valid OpenPGP/i.test(gpg.stderr)) {
        throw new ArchiveRefused(`${archive} is corrupted or truncated: the decryption's integrity check failed (${gpg.stderr.trim().split('\n').at(-1)}).`);
      }
      throw new ArchiveRefused(`${archive} could not be decrypted: ${gpg.stderr.trim()}`);
    });
    const tar = await run('tar', ['--extract', '--file', tarFile, '--directory', folder, '--no-same-owner']);
    if (tar.code !== 0) throw new ArchiveRefused(`${archive} is not a backup archive: ${tar.stderr.trim()}`);
    return folder;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(tarFile, { force: true });
  }
}
