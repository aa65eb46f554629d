// Where `npm start` keeps its persistent cluster. Beside the clone (`<state>/db`) when the
// server's user can reach it; as root in a clone the `postgres` user cannot enter (anything under
// `/root`, a `mktemp -d` folder), in a folder of its own under that user's home instead, named by
// an id that this clone's state folder keeps: the data survives restarts and belongs to this
// clone alone, and no permission of the user's folders is changed.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { giveToServerUser, serverCanReach, serverUser } from './server-user.ts';

/** The Debian package's home of the `postgres` user, which that user owns. */
export const serverHome = process.env.PG_SERVER_HOME ?? '/var/lib/postgresql';
const readIfPresent = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);

/**
 * This clone's id, made once and kept in its state folder. Each cluster folder records the state
 * folder it belongs to: a copy of a clone (its state folder copied too) that finds the id taken by
 * a state folder still holding it gets an id of its own, so two clones never share one database.
 */
function cloneId(clustersDir: string, stateDir: string): string {
  const file = join(stateDir, 'cluster-id');
  const kept = readIfPresent(file);
  const owner = kept && readIfPresent(join(clustersDir, `${kept}.clone`));
  if (kept && (!owner || owner === stateDir || readIfPresent(join(owner, 'cluster-id')) !== kept)) {
    writeFileSync(join(clustersDir, `${kept}.clone`), `${stateDir}\n`);
    return kept;
  }
  const id = randomBytes(6).toString('hex');
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(file, `${id}\n`);
  writeFileSync(join(clustersDir, `${id}.clone`), `${stateDir}\n`);
  return id;
}

/** The persistent cluster's data folder for the clone whose state lives in `stateDir`. */
export async function persistentDataDir(stateDir: string): Promise<string> {
  const beside = join(stateDir, 'db');
  if (await serverCanReach(beside)) return beside;
  if (!existsSync(serverHome) || !(await serverCanReach(serverHome))) {
    throw new Error(
      `PostgreSQL runs as the "${serverUser}" user, who cannot enter ${stateDir}, and its home ${serverHome} is missing: ` +
        `clone the shop into a folder every user can traverse (e.g. under /srv or /opt) and start it there.`,
    );
  }
  return clusterUnder(serverHome, stateDir);
}

/** The data folder of the clone whose state lives in `stateDir`, among the clusters of `home`. */
export function clusterUnder(home: string, stateDir: string): string {
  const clustersDir = join(home, 'lumiere-sacree');
  mkdirSync(clustersDir, { recursive: true, mode: 0o700 });
  giveToServerUser(clustersDir);
  return join(clustersDir, cloneId(clustersDir, stateDir));
}
