// `npm run db:types`: regenerates web/src/lib/database.types.ts with the Supabase CLI from the
// migrations, on a throwaway cluster, so the result depends on nothing but the repository.
import { writeFileSync } from 'node:fs';
import { done } from '../lib/log.ts';
import { startCluster } from './cluster.ts';
import { applyBootstrap, applyMigrations } from './migrate.ts';
import { generateTypes, typesFile } from './types.ts';

const cluster = await startCluster({ persistent: false });
try {
  await applyBootstrap(cluster.url);
  await applyMigrations(cluster.url);
  writeFileSync(typesFile, await generateTypes(cluster.url));
  done(`wrote ${typesFile}`);
} finally {
  await cluster.stop();
}
