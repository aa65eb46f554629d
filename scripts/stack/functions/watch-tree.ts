// Calls back when anything under a folder changes. Node's recursive fs.watch on Linux loses a
// file once an editor replaces it (write to a temporary file, then rename), so this watches
// every directory instead, and picks up directories created later.
import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

function directories(root: string): string[] {
  const found = [root];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...directories(join(root, entry.name)));
  }
  return found;
}

/** Returns a function that stops watching. */
export function watchTree(root: string, onChange: () => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  const rescan = () => {
    let current: string[];
    try {
      current = directories(root);
    } catch {
      return; // The tree is changing under us; the next event rescans.
    }
    for (const dir of current) {
      if (watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, () => {
          rescan();
          onChange();
        });
        watcher.on('error', () => watchers.delete(dir));
        watchers.set(dir, watcher);
      } catch {
        // Removed between the scan and the watch: nothing to watch.
      }
    }
  };
  rescan();
  return () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
