// A change reaches us as soon as its commit record is flushed, and the committing backend makes
// the transaction visible to other sessions only a moment later (after the flush, after a
// synchronous standby's answer). An RLS check that looks the row up within that moment finds
// nothing and would refuse a subscriber the row is meant for; so the checks of a change wait
// until the transaction is visible to a fresh snapshot, which every later statement's snapshot is.
import type pg from 'pg';
import { retryTransient } from './transient.ts';

// The WAL gives the 32-bit xid; the snapshot functions want the 64-bit one: the epoch of the
// snapshot's xmax, or the one before when the xid is above xmax's low half (it wrapped since).
const visibleSql = `
  select pg_visible_in_snapshot(
           (case when (epoch << 32 | $1::bigint) < xmax then epoch << 32 | $1::bigint
                 else (epoch - 1) << 32 | $1::bigint end)::text::xid8,
           snap) as visible
    from (select snap, pg_snapshot_xmax(snap)::text::bigint as xmax, pg_snapshot_xmax(snap)::text::bigint >> 32 as epoch
            from pg_current_snapshot() snap) s`;

const pollMs = 5;
const reportAfterMs = 5_000;

/** Resolves once transaction `xid`, whose commit the WAL has shown, is visible to new snapshots. */
export async function untilCommitVisible(pool: pg.Pool, xid: number, log: (message: string) => void): Promise<void> {
  const started = Date.now();
  let reported = false;
  for (;;) {
    const { rows } = await retryTransient(`visibility check of transaction ${xid}`, () => pool.query<{ visible: boolean }>(visibleSql, [xid]), log);
    if (rows[0]?.visible) {
      if (reported) log(`transaction ${xid} became visible after ${Date.now() - started} ms`);
      return;
    }
    if (!reported && Date.now() - started > reportAfterMs) {
      reported = true;
      log(`transaction ${xid} is committed in the WAL but still not visible after ${reportAfterMs} ms; its changes wait`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
