// `npm run catalogue:import [-- --dry-run] [--keep-image-urls] [--commerce-url …] [--store-id …]`: copies
// a Hostinger store's catalogue into the shop's own tables, its pictures into the shop's bucket
// unless `--keep-image-urls` keeps the store's URLs in the rows (docs/catalogue-import.md). The store is read as the
// web build reads it (VITE_COMMERCE_API_URL, VITE_COMMERCE_STORE_ID, or the flags), and with
// HOSTINGER_API_TOKEN also through the Ecommerce API (HOSTINGER_API_URL, as the functions name it);
// the project is SUPABASE_URL with SUPABASE_SECRET_KEY. Prints per table what it did (or, dry, would
// do) on stdout; exits non-zero, saying why, on any failure.
import { done, failed, step } from '../lib/log.ts';
import { nodeClient } from '../lib/supabase-client.ts';
import { CatalogueWriteError, importCatalogue, reportLines } from './import.ts';
import { readStore, StoreReadError, type StoreSource } from './read-store.ts';

class UsageError extends Error {}

const usage = 'Usage: npm run catalogue:import [-- --dry-run] [--keep-image-urls] [--commerce-url https://…] [--store-id store_…]';

function settings(argv: string[]): { source: StoreSource; supabaseUrl: string; secretKey: string; dryRun: boolean; keepImageUrls: boolean } {
  let dryRun = false;
  let keepImageUrls = false;
  let storefrontUrl = process.env.VITE_COMMERCE_API_URL;
  let storeId = process.env.VITE_COMMERCE_STORE_ID;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const given = inline ?? argv[++i];
      if (given === undefined) throw new UsageError(`${flag} needs a value.`);
      return given;
    };
    if (flag === '--dry-run') dryRun = true;
    else if (flag === '--keep-image-urls') keepImageUrls = true;
    else if (flag === '--commerce-url') storefrontUrl = value();
    else if (flag === '--store-id') storeId = value();
    else throw new UsageError(`unknown argument ${argv[i]}.`);
  }
  const env = process.env;
  const missing = [
    !storefrontUrl && 'the storefront (--commerce-url or VITE_COMMERCE_API_URL)',
    !storeId && 'the store id (--store-id or VITE_COMMERCE_STORE_ID)',
    !env.SUPABASE_URL && 'SUPABASE_URL (https://<ref>.supabase.co)',
    !env.SUPABASE_SECRET_KEY && 'SUPABASE_SECRET_KEY (Project Settings → API Keys, a secret key)',
  ].filter(Boolean);
  if (missing.length) throw new UsageError(`missing ${missing.join(', ')}.`);
  const token = env.HOSTINGER_API_TOKEN;
  const ecommerce = token ? { apiUrl: env.HOSTINGER_API_URL || 'https://developers.hostinger.com', token } : undefined;
  return { source: { storefrontUrl: storefrontUrl!, storeId: storeId!, ecommerce }, supabaseUrl: env.SUPABASE_URL!, secretKey: env.SUPABASE_SECRET_KEY!, dryRun, keepImageUrls };
}

async function main(): Promise<void> {
  const { source, supabaseUrl, secretKey, dryRun, keepImageUrls } = settings(process.argv.slice(2));
  step(`reading store ${source.storeId} at ${source.storefrontUrl}${source.ecommerce ? ' and through the Ecommerce API (drafts included)' : ' (the storefront only: no HOSTINGER_API_TOKEN, drafts stay behind)'}`);
  const products = await readStore(source);
  step(`${products.length} products read; ${dryRun ? 'dry run, nothing written to' : 'writing to'} ${supabaseUrl}`);
  const report = await importCatalogue(nodeClient(supabaseUrl, secretKey), products, { dryRun, copyImages: keepImageUrls ? undefined : {} });
  console.log(dryRun ? 'Dry run: what the import would do (nothing written)' : 'What the import did');
  for (const line of reportLines(report)) console.log(`  ${line}`);
  if (keepImageUrls) console.log('The images stay where the store serves them (--keep-image-urls): their rows hold its URLs.');
  done(dryRun ? 'dry run done' : 'catalogue imported');
}

main().catch((error: Error) => {
  const known = error instanceof UsageError || error instanceof StoreReadError || error instanceof CatalogueWriteError;
  failed(known ? error.message : error.stack ?? String(error));
  if (error instanceof UsageError) console.error(usage);
  process.exit(1);
});
