// The bytes of Storage's objects on local disk (storage-api's file backend in spirit): one file
// per object version under `objects/`, named by the version, so a row names its bytes and a
// rename is the commit. Incoming bytes go to `incoming/` first and are renamed into place only
// when the object row commits; an overwritten or removed version is deleted after its row is.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from './errors.ts';

export interface Received {
  path: string;
  size: number;
  /** storage-api's eTag: the MD5 of the bytes, quoted. */
  eTag: string;
}

export class FileStore {
  readonly objectsDir: string;
  readonly incomingDir: string;

  constructor(root: string) {
    this.objectsDir = join(root, 'objects');
    this.incomingDir = join(root, 'incoming');
    mkdirSync(this.objectsDir, { recursive: true });
    mkdirSync(this.incomingDir, { recursive: true });
  }

  /** Where a committed version's bytes are. Versions are UUIDs the service made, never a name. */
  pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw errors.noSuchKey();
    return join(this.objectsDir, version);
  }

  incomingPath(id: string): string {
    return join(this.incomingDir, id);
  }

  /** Streams `body` to a new incoming file, refusing more than `limit` bytes (413). */
  async receive(body: Readable, limit: number): Promise<Received> {
    const path = this.incomingPath(randomUUID());
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) return done(errors.entityTooLarge());
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, count, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return { path, size, eTag: `"${md5.digest('hex')}"` };
  }

  /** The MD5 eTag of a file already on disk (a finished resumable upload), read as a stream. */
  async eTagOf(path: string): Promise<string> {
    const md5 = createHash('md5');
    await pipeline(createReadStream(path), md5);
    return `"${md5.digest('hex')}"`;
  }

  /** Puts incoming bytes in place as `version`; called inside the row's transaction. */
  async commit(incoming: string, version: string): Promise<void> {
    await rename(incoming, this.pathOf(version));
  }

  /** A new incoming file with the bytes of `version` (a copy's source). */
  async duplicate(version: string): Promise<string> {
    const path = this.incomingPath(randomUUID());
    await copyFile(this.pathOf(version), path);
    return path;
  }

  async discard(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  /** Deletes the bytes of versions whose rows are gone; a reader still streaming keeps its handle. */
  async remove(versions: Array<string | null | undefined>): Promise<void> {
    await Promise.all(versions.filter((v): v is string => !!v).map((v) => rm(this.pathOf(v), { force: true })));
  }
}
