// Backups proven by a restore (issue #30), on two stacks of the file's own: a shop with customers,
// orders, invoices, chat and a buyer's stamped PDF is backed up by `npm run backup`'s command;
// a wrong passphrase, a corrupted and a truncated archive and a target of other migrations are
// refused by `npm run restore`'s and change nothing on a fresh stack; then the archive is restored there: every table's rows and
// checksum equal the source's, every object's bytes too, the buyer signs in with their password
// and downloads the same stamped copy, and the next order takes the invoice number after the last.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout, emailOf, newCustomer, pay, type ShopEnv } from '../../tests/support/shop.ts';
import { runScript } from '../lib/processes.ts';
import { nodeClient } from '../lib/supabase-client.ts';
import { testStackRateLimits } from '../stack/auth/rate-limit-settings.ts';
import { demoCustomer } from '../stack/demo-accounts.ts';
import { ensureDemoPurchase } from '../stack/demo-purchase.ts';
import { startLocalStack, type LocalStack } from '../stack/launch.ts';
import { resumableChunk } from './storage-objects.ts';
import { carriedTables, shopTables, tableChecksums, targetOwnTables, type TableChecksum } from './shop-tables.ts';

const passphrase = 'lanterne-cèdre-aurore-2026';
const siteUrl = 'http://127.0.0.1:5173';

let source: LocalStack;
let target: LocalStack;
let sourceDb: pg.Client;
let targetDb: pg.Client;
let folder: string;
let archive: string;
let stampedBytes: Buffer;
let secondBuyer: { email: string; password: string };

const env = (stack: LocalStack) => stack.env as unknown as ShopEnv;
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Runs one of the two commands as an operator would; its exit code and what it printed. */
function command(script: 'backup' | 'restore', args: string[], extraEnv: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return runScript(`scripts/backup/${script}.ts`, args, { ...process.env, BACKUP_PASSPHRASE: passphrase, BACKUP_PASSPHRASE_FILE: '', ...extraEnv });
}

const restoreInto = (stack: LocalStack, file: string, extraEnv: Record<string, string> = {}) =>
  command('restore', [file, '--url', stack.dbUrl, '--yes'], { SUPABASE_URL: stack.apiUrl, SUPABASE_SECRET_KEY: stack.secretKey, ...extraEnv });

async function signedIn(stack: LocalStack, account: { email: string; password: string }): Promise<SupabaseClient> {
  const supabase = nodeClient(stack.apiUrl, stack.publishableKey);
  const { error } = await supabase.auth.signInWithPassword(account);
  if (error) throw new Error(`${account.email} cannot sign in: ${error.message}`);
  return supabase;
}

/** The buyer's teaching, as issue-download hands it: their stamped copy's bytes. */
async function downloadTeaching(supabase: SupabaseClient): Promise<Buffer> {
  const { data: item, error } = await supabase.from('order_items').select('id').eq('file_type', 'pdf').limit(1).single();
  if (error) throw new Error(`no teaching: ${error.message}`);
  const link = await supabase.functions.invoke<{ url: string }>('issue-download', { body: { order_item_id: item.id, disposition: 'attachment' } });
  if (link.error || !link.data) throw new Error(`issue-download failed: ${link.error?.message}`);
  const response = await fetch(link.data.url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function buy(stack: LocalStack, supabase: SupabaseClient, variant: string): Promise<string> {
  const checkout = await createCheckout(env(stack), supabase, [{ variant_id: variant, quantity: 1 }]);
  if (checkout.error || !checkout.data) throw new Error(`checkout failed: ${checkout.error?.message}`);
  const sessionId = await pay(checkout.data.url, await emailOf(supabase));
  const recorded = await supabase.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: sessionId } });
  if (recorded.error || !recorded.data) throw new Error(`record-order failed: ${recorded.error?.message}`);
  const { data } = await supabase.from('orders').select('invoice_number').eq('id', recorded.data.order_id).single();
  return data!.invoice_number as string;
}

/** Every object of the stack's buckets: its name, type and the SHA-256 of the bytes the API serves. */
async function objectsOf(stack: LocalStack, db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ bucket_id: string; name: string; mimetype: string }>(`select bucket_id, name, metadata->>'mimetype' as mimetype from storage.objects order by 1, 2`);
  const storage = nodeClient(stack.apiUrl, stack.secretKey).storage;
  const listed: string[] = [];
  for (const row of rows) {
    const { data, error } = await storage.from(row.bucket_id).download(row.name);
    if (error) throw new Error(`${row.name}: ${error.message}`);
    listed.push(`${row.bucket_id}/${row.name} ${row.mimetype} ${sha256(Buffer.from(await data.arrayBuffer()))}`);
  }
  return listed;
}

/** Every table of the shop's schemas (the target's own secrets aside), with its count and checksum. */
async function allChecksums(db: pg.Client): Promise<TableChecksum[]> {
  return tableChecksums(db, (await shopTables(db)).filter((t) => !targetOwnTables.includes(t)));
}

beforeAll(async () => {
  const start = () => startLocalStack({ persistent: false, siteUrl, authRateLimits: testStackRateLimits });
  [source, target] = await Promise.all([start(), start()]);
  sourceDb = new pg.Client({ connectionString: source.dbUrl });
  targetDb = new pg.Client({ connectionString: target.dbUrl });
  await Promise.all([sourceDb.connect(), targetDb.connect()]);
  // The schedules (reconciliation, confirmations, the administrators' notifications) change their
  // outboxes every minute: paused on both stacks, so that what the test compares stays put.
  await Promise.all([sourceDb, targetDb].map((db) => db.query('update cron.job set active = false')));

  // The shop: the demo customer's order (a teaching, a meditation, a ritual), their stamped PDF
  // and a chat message; a second customer's order; each order with its invoice number.
  const bought = await ensureDemoPurchase({ apiUrl: source.apiUrl, anonKey: source.publishableKey, siteUrl, customer: demoCustomer });
  expect(bought).toMatch(/^[0-9a-f-]{36}$/);
  const buyer = await signedIn(source, demoCustomer);
  stampedBytes = await downloadTeaching(buyer);
  const { data: admins } = await buyer.from('profiles').select('id').eq('role', 'admin');
  const { data: me } = await buyer.auth.getUser();
  const sent = await buyer.from('user_messages').insert({ sender_id: me.user!.id, receiver_id: admins![0]!.id, content: 'Bonjour, mon enseignement est bien arrivé, merci.' });
  expect(sent.error).toBeNull();
  const second = await newCustomer(env(source), 'sauvegarde');
  secondBuyer = { email: second.email, password: 'shop-test-2026' };
  await buy(source, second.supabase, 'var_gratitude');
  // A video past 6 MB, which the restore sends back through the resumable protocol.
  const video = await nodeClient(source.apiUrl, source.secretKey).storage.from('deliverables').upload('products/rituel-complet.webm', randomBytes(resumableChunk + 1_000_000), { contentType: 'video/webm' });
  expect(video.error).toBeNull();

  // `npm run backup` without --url: the local stack, found as `npm start` leaves it (its state
  // folder's api-keys.json, its ports).
  folder = mkdtempSync(join(tmpdir(), 'shop-backups-test-'));
  const stateDir = join(folder, 'state');
  mkdirSync(stateDir);
  writeFileSync(join(stateDir, 'api-keys.json'), JSON.stringify({ publishableKey: source.publishableKey, secretKey: source.secretKey }));
  const backup = await command('backup', ['--out', folder], { SHOP_STATE_DIR: stateDir, SHOP_DB_PORT: String(source.cluster.port), SHOP_API_PORT: new URL(source.apiUrl).port });
  expect(backup.stderr).toContain('backup of');
  expect(backup.code, backup.stderr).toBe(0);
  archive = join(folder, readdirSync(folder).find((name) => name.endsWith('.tar.gpg'))!);
}, 420_000);

afterAll(async () => {
  await Promise.all([sourceDb?.end(), targetDb?.end()]);
  await Promise.all([source?.stop(), target?.stop()]);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes one dated, checksummed archive that only the passphrase opens, naming no secret', async () => {
    expect(archive).toMatch(/lumiere-sacree-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gpg$/);
    const [recorded] = readFileSync(`${archive}.sha256`, 'utf8').split(/\s+/);
    expect(recorded).toBe(sha256(readFileSync(archive)));
    const bytes = readFileSync(archive);
    // GnuPG's symmetric packet first; neither a key nor a customer's e-mail in the clear.
    expect(bytes[0]! & 0x80).toBe(0x80);
    for (const secret of [source.secretKey, source.jwtSecret, source.publishableKey, demoCustomer.email]) expect(bytes.includes(Buffer.from(secret))).toBe(false);

    const check = await command('restore', ['--check', archive], {});
    expect(check.code, check.stderr).toBe(0);
    // The manifest's counts: 2 orders, 4 items, the seeded customers, 1 message, the objects.
    expect(check.stderr).toMatch(/2 orders \(4 items, last invoice FA-\d{4}-\d{6}\), \d+ customers, 1 chat messages, 0 contact messages, \d+ objects \(\d+ bytes\) in deliverables/);
    }, 120_000);

  it('says why and exits non-zero when the passphrase or the API key is missing', async () => {
    const noPassphrase = await command('backup', ['--url', source.dbUrl, '--out', folder], { SUPABASE_URL: source.apiUrl, SUPABASE_SECRET_KEY: source.secretKey, BACKUP_PASSPHRASE: '' });
    expect(noPassphrase.code).toBe(1);
    expect(noPassphrase.stderr).toContain('no passphrase');
    const noKey = await command('backup', ['--url', source.dbUrl, '--out', folder], { SUPABASE_URL: source.apiUrl, SUPABASE_SECRET_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('SUPABASE_SECRET_KEY');
    expect(readdirSync(folder).filter((name) => name.endsWith('.tar.gpg'))).toHaveLength(1);
    }, 120_000);
});

// Each refusal runs `npm run restore` once or twice, each run a few seconds of CPU (Node through
// tsx, GnuPG's passphrase stretching): one test each, so that none waits on all five runs of them
// on a loaded machine.
describe('npm run restore refuses, and leaves the target as it was', () => {
  let before: TableChecksum[];
  let objectsBefore: string[];
  beforeAll(async () => {
    before = await allChecksums(targetDb);
    objectsBefore = await objectsOf(target, targetDb);
  });

  it('a wrong passphrase', async () => {
    const wrong = await restoreInto(target, archive, { BACKUP_PASSPHRASE: 'not-the-right-passphrase' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('restore refused: Wrong passphrase');
  }, 120_000);

  it('a corrupted archive', async () => {
    // One byte changed in the middle, without the .sha256: GnuPG's integrity check refuses it.
    const corrupted = join(folder, 'corrupted.tar.gpg');
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(corrupted, bytes);
    const damaged = await restoreInto(target, corrupted);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/restore refused: .*corrupted\.tar\.gpg is corrupted or truncated: the decryption's integrity check failed/);
  }, 120_000);

  it('a truncated archive', async () => {
    // Cut in half: refused by its .sha256, and without it by the decryption.
    const bytes = readFileSync(archive);
    const truncated = join(folder, 'truncated.tar.gpg');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    copyFileSync(`${archive}.sha256`, `${truncated}.sha256`);
    const cut = await restoreInto(target, truncated);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/restore refused: .*truncated\.tar\.gpg is corrupted or truncated: its SHA-256 is not the one recorded/);
    rmSync(`${truncated}.sha256`);
    const cutBare = await restoreInto(target, truncated);
    expect(cutBare.code).toBe(1);
    expect(cutBare.stderr).toMatch(/truncated\.tar\.gpg is corrupted or truncated: the decryption's integrity check failed/);
  }, 120_000);

  it('a target of other migrations', async () => {
    // Refused before anything is touched.
    await targetDb.query(`insert into supabase_migrations.schema_migrations (version, name) values ('29991231000000', 'from_the_future')`);
    try {
      const other = await restoreInto(target, archive);
      expect(other.code).toBe(1);
      expect(other.stderr).toContain("restore refused: the target's migrations are not the archive's (applied there only: 29991231000000)");
    } finally {
      await targetDb.query(`delete from supabase_migrations.schema_migrations where version = '29991231000000'`);
    }
  }, 120_000);

  it('the target as it was after all of them', async () => {
    expect(await allChecksums(targetDb)).toEqual(before);
    expect(await objectsOf(target, targetDb)).toEqual(objectsBefore);
  }, 120_000);
});

describe('npm run restore', () => {
  it('brings every row and every object into a fresh stack: counts, checksums and bytes equal', async () => {
    const restored = await restoreInto(target, archive);
    expect(restored.code, restored.stderr).toBe(0);
    const carried = carriedTables(await shopTables(sourceDb));
    expect(carried).toEqual(expect.arrayContaining(['auth.users', 'auth.identities', 'public.orders', 'public.order_items', 'public.user_messages', 'private.invoice_counters', 'storage.buckets']));
    const expected = await tableChecksums(sourceDb, carried);
    expect(await tableChecksums(targetDb, carried)).toEqual(expected);
    expect(expected.find((t) => t.table === 'public.orders')!.rows).toBe(2);
    expect(await objectsOf(target, targetDb)).toEqual(await objectsOf(source, sourceDb));
  }, 180_000);

  it('lets the buyer sign in with their password and download the same stamped copy', async () => {
    const buyer = await signedIn(target, demoCustomer);
    expect(sha256(await downloadTeaching(buyer))).toBe(sha256(stampedBytes));
  });

  it('numbers the next order right after the last invoice, without a gap or a reuse', async () => {
    const { rows } = await sourceDb.query<{ last: string }>('select max(invoice_number) as last from public.orders');
    const [, year, last] = /^FA-(\d{4})-(\d{6})$/.exec(rows[0]!.last)!;
    const buyer = await signedIn(target, secondBuyer);
    const next = await buy(target, buyer, 'var_eveil_du_coeur');
    expect(next).toBe(`FA-${year}-${String(Number(last) + 1).padStart(6, '0')}`);
  }, 60_000);
});
