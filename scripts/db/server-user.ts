// The OS user the PostgreSQL server runs as. PostgreSQL refuses to run as root, so as root the
// server runs as the unprivileged `postgres` user that the Debian package creates; otherwise it
// runs as whoever runs the command.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const asRoot = process.getuid?.() === 0;
export const serverUser = 'postgres';

/**
 * Runs a command as the server's user. Its working folder is `/`: the caller's may be one the
 * server's user cannot enter (initdb and pg_ctl would complain about it).
 */
export async function asServerUser(command: string, args: string[]): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', serverUser, '--', command, ...args]] : [command, args];
  try {
    const { stdout } = await run(file, argv, { maxBuffer: 16 * 1024 * 1024, cwd: '/' });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`${command} failed: ${e.stderr?.trim() || e.message}`);
  }
}

function serverIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${serverUser}:`));
  if (!line) throw new Error(`Running as root needs the "${serverUser}" OS user (created by the postgresql package).`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export function giveToServerUser(path: string): void {
  if (!asRoot) return;
  const { uid, gid } = serverIds();
  chownSync(path, uid, gid);
}

/** The deepest part of `path` that exists (the path itself when it does). */
function existingPart(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/**
 * Whether the server's user can reach `path`, or the folders it would be created in: every folder
 * on the way must be searchable by that user (`/root` and `mktemp -d` folders are not).
 */
export async function serverCanReach(path: string): Promise<boolean> {
  if (!asRoot) return true;
  try {
    await run('runuser', ['-u', serverUser, '--', 'test', '-x', existingPart(path)], { cwd: '/' });
    return true;
  } catch {
    return false;
  }
}
