// Evicting a file's pages from the kernel's page cache without root, so that a timed read is a
// read from disk: the file's dirty pages are written out first (a dirty page cannot be dropped),
// then coreutils' `dd iflag=nocache count=0` asks the kernel to drop the whole file's pages
// (posix_fadvise POSIX_FADV_DONTNEED). `fincore` (util-linux) then says how much of it is still
// resident, so the bench proves the eviction instead of assuming it.
import { execFileSync } from 'node:child_process';
import { open } from 'node:fs/promises';

/** Bytes of `path` resident in the page cache, or undefined when `fincore` is not installed. */
export function residentBytes(path: string): number | undefined {
  try {
    return Number(execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', path], { encoding: 'utf8' }).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Drops `path`'s pages from the page cache; throws when `fincore` still finds some resident. */
export async function evictFromPageCache(path: string): Promise<void> {
  const file = await open(path, 'r+');
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
  execFileSync('dd', [`if=${path}`, 'iflag=nocache', 'count=0', 'status=none']);
  const left = residentBytes(path);
  if (left) throw new Error(`${path}: ${left} bytes still in the page cache after eviction`);
}
