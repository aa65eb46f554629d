// Supabase's pattern for scheduling an edge function, end to end on the local stack: a pg_cron job
// reads the project URL and key from Vault and calls the function with net.http_post; the
// scheduler itself runs it at the next minute (pg_cron 1.4 has no schedules in seconds).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeVaultSecrets } from '../vault-secrets.ts';
import { startPgNetTestStack, type PgNetTestStack } from './test-stack.ts';

let stack: PgNetTestStack;
beforeAll(async () => {
  stack = await startPgNetTestStack();
  await storeVaultSecrets(stack.dbUrl, { project_url: stack.serverUrl, service_role_key: 'old-key' });
  // Written again, as each start of the stack does: the value changes, the name stays unique.
  await storeVaultSecrets(stack.dbUrl, { project_url: stack.serverUrl, service_role_key: 'service-key' });
});
afterAll(async () => {
  await stack?.stop();
});

const job = `
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/reconcile-payments',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
    ),
    body := jsonb_build_object('scheduled_at', now())
  ) as request_id`;

describe('Supabase Cron calling an edge function through pg_net and Vault', () => {
  it('stores each Vault secret once, encrypted at rest', async () => {
    const { rows } = await stack.db.query('select name, secret, decrypted_secret from vault.decrypted_secrets order by name');
    expect(rows.map((r) => [r.name, r.decrypted_secret])).toEqual([
      ['project_url', stack.serverUrl],
      ['service_role_key', 'service-key'],
    ]);
    for (const row of rows) expect(row.secret).not.toContain(row.decrypted_secret);
  });

  it('runs the scheduled job, which reaches the function with the URL and key from Vault', { timeout: 80_000 }, async () => {
    const { rows } = await stack.db.query<{ jobid: string }>(`select cron.schedule('reconcile-payments', '* * * * *', $1) as jobid`, [job]);
    const jobRow = await stack.db.query('select schedule, command, username, active from cron.job where jobid = $1', [rows[0]!.jobid]);
    expect(jobRow.rows[0]).toMatchObject({ schedule: '* * * * *', command: job, username: 'postgres', active: true });

    const call = await vi.waitFor(
      () => {
        const found = stack.received.find((r) => r.url === '/functions/v1/reconcile-payments');
        if (!found) throw new Error('the scheduled job has not reached the function yet');
        return found;
      },
      { timeout: 70_000, interval: 200 },
    );
    expect(call.method).toBe('POST');
    expect(call.headers.authorization).toBe('Bearer service-key');
    expect(JSON.parse(call.body)).toHaveProperty('scheduled_at');
    // pg_cron records the run's end a moment after the job's transaction has committed.
    await expect
      .poll(async () => (await stack.db.query(`select status from cron.job_run_details where jobid = $1`, [rows[0]!.jobid])).rows, { timeout: 5_000, interval: 100 })
      .toEqual([{ status: 'succeeded' }]);
  });
});
