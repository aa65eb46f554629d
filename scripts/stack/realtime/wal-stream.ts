// Reads row changes from the WAL as they are flushed: a logical replication slot with wal2json
// (format-version 2) on a replication connection, streamed with START_REPLICATION rather than
// polled, so a commit reaches us in about a millisecond. The slot is named per service, so two
// stacks on one cluster never share one. It is not temporary: a lost connection (a terminated
// walsender, a database restart) resumes on the same slot after the last whole transaction
// received, so a change committed while we were away still arrives, and arrives once. A
// transaction's changes are handed on at its commit message, never half. Closing the service
// drops the slot; a slot left by a process that no longer exists is dropped at the next start.
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import pg from 'pg';

export interface WalColumn {
  name: string;
  type: string;
  typeoid?: number;
  value?: unknown;
}

/** One wal2json format-version 2 row change. */
export interface WalChange {
  action: 'I' | 'U' | 'D';
  /** The (top-level) transaction id, 32 bits as the WAL carries it. */
  xid: number;
  /** Commit time, in the walsender's DateStyle and TimeZone (e.g. `2026-01-02 10:00:00.123456+00`). */
  timestamp: string;
  schema: string;
  table: string;
  columns?: WalColumn[];
  /** The replica identity before an UPDATE or DELETE (the primary key by default). */
  identity?: WalColumn[];
  pk?: Array<{ name: string; type: string }>;
}

export interface WalStreamOptions {
  /** A login with REPLICATION, e.g. supabase_realtime_admin. */
  connectionString: string;
  /** A pool of the same login, to make sure our slots are gone after close. */
  pool: pg.Pool;
  onChange(change: WalChange): void;
  log(message: string): void;
}

/** The wire of a pg.Client, which node-postgres does not type: CopyBoth data and raw CopyData out. */
interface ReplicationWire extends EventEmitter {
  sendCopyFromChunk(chunk: Buffer): void;
}

const pluginOptions = [
  `"format-version" '2'`,
  `"include-timestamp" '1'`,
  `"include-xids" '1'`,
  `"include-pk" '1'`,
  `"include-type-oids" '1'`,
  `"include-transaction" '1'`,
  `"actions" 'insert,update,delete'`,
].join(', ');

const slotPattern = /^realtime_(\d+)_[0-9a-f]{12}$/;

const formatLsn = (lsn: bigint) => `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;

/** Whether a process of this machine still runs (the pid in a slot's name). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const statusInterval = 5_000;
const postgresEpochMs = Date.UTC(2000, 0, 1);
const retryDelays = [100, 200, 500, 1000, 2000];

function replicationUrl(connectionString: string): string {
  const url = new URL(connectionString);
  url.searchParams.set('replication', 'database');
  return url.toString();
}

export class WalStream {
  private client: pg.Client | undefined;
  private wire: ReplicationWire | undefined;
  /** End of the last whole transaction received (or keepalive position outside one): where to resume. */
  private lastLsn = 0n;
  /** The changes of the transaction being received, handed on at its commit message. */
  private pending: WalChange[] | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** This service's slot, kept across reconnections. */
  private slotName: string | undefined;
  private readonly usedSlots = new Set<string>();
  /** The connection whose messages are taken (the latest one started). */
  private receiving: ReplicationWire | undefined;

  constructor(private readonly options: WalStreamOptions) {}

  /** Resolves once changes stream; rejects if the first connection fails. */
  async start(): Promise<void> {
    await this.dropOrphanedSlots();
    try {
      await this.connect();
    } catch (error) {
      await this.dropLeftoverSlots();
      throw error;
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: replicationUrl(this.options.connectionString) });
    // Until the stream is established, failures surface as the rejection of connect().
    client.on('error', (error) => this.lost(client, error));
    try {
      await client.connect();
      const slot = this.slotName ?? `realtime_${process.pid}_${randomBytes(6).toString('hex')}`;
      if (!this.slotName) {
        await client.query(`CREATE_REPLICATION_SLOT ${slot} LOGICAL wal2json (SNAPSHOT 'nothing')`);
        this.slotName = slot;
        this.usedSlots.add(slot);
      }
      const wire = (client as unknown as { connection: ReplicationWire }).connection;
      const started = new Promise<void>((resolve) => wire.once('replicationStart', () => resolve()));
      // A transaction cut off by the lost connection is sent again in full from lastLsn, and
      // nothing still buffered from that connection is taken after this point.
      this.pending = undefined;
      this.receiving = wire;
      wire.on('copyData', (message: { chunk: Buffer }) => {
        if (this.receiving === wire) this.receive(message.chunk);
      });
      const streaming = client.query(`START_REPLICATION SLOT ${slot} LOGICAL ${formatLsn(this.lastLsn)} (${pluginOptions})`);
      streaming.then(
        () => this.lost(client, new Error('replication stream ended')),
        (error: Error) => this.lost(client, error),
      );
      await Promise.race([started, streaming.then(() => Promise.reject(new Error('replication stream ended before it started')))]);
      if (this.closed) throw new Error('closed while connecting');
      this.client = client;
      this.wire = wire;
      this.statusTimer = setInterval(() => this.sendStatus(), statusInterval);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /**
   * XLogData ('w') carries one wal2json document: a transaction's begin (B), its row changes, its
   * commit (C, at the transaction's end LSN); a keepalive ('k') may ask for our position.
   */
  private receive(chunk: Buffer): void {
    if (chunk[0] === 0x77) {
      const lsn = chunk.readBigUInt64BE(1);
      let message: WalChange | { action: 'B' | 'C' | 'M' | 'T' };
      try {
        message = JSON.parse(chunk.subarray(25).toString('utf8')) as typeof message;
      } catch {
        this.options.log(`unreadable wal2json message at ${formatLsn(lsn)}`);
        return;
      }
      if (message.action === 'B') this.pending = [];
      else if (message.action === 'C') {
        const changes = this.pending ?? [];
        this.pending = undefined;
        if (lsn > this.lastLsn) this.lastLsn = lsn;
        for (const change of changes) this.options.onChange(change);
      } else if (message.action === 'I' || message.action === 'U' || message.action === 'D') {
        if (this.pending) this.pending.push(message);
        else this.options.log(`change outside a transaction at ${formatLsn(lsn)} ignored`);
      }
    } else if (chunk[0] === 0x6b) {
      // Outside a transaction, everything before the server's position has been sent to us.
      const walEnd = chunk.readBigUInt64BE(1);
      if (!this.pending && walEnd > this.lastLsn) this.lastLsn = walEnd;
      if (chunk[17] === 1) this.sendStatus();
    }
  }

  /**
   * Standby status update: written, flushed and applied up to the last whole transaction received.
   * What we received is handed on already, so a reconnection need not replay anything before it.
   */
  private sendStatus(): void {
    if (!this.wire) return;
    const message = Buffer.alloc(34);
    message[0] = 0x72;
    message.writeBigUInt64BE(this.lastLsn, 1);
    message.writeBigUInt64BE(this.lastLsn, 9);
    message.writeBigUInt64BE(this.lastLsn, 17);
    message.writeBigUInt64BE(BigInt(Date.now() - postgresEpochMs) * 1000n, 25);
    try {
      this.wire.sendCopyFromChunk(message);
    } catch (error) {
      this.options.log(`standby status not sent: ${(error as Error).message}`);
    }
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.wire = undefined;
    clearInterval(this.statusTimer);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.options.log(`replication connection lost (${error.message}); resuming on slot ${this.slotName} from ${formatLsn(this.lastLsn)}`);
    this.reconnect(0);
  }

  private reconnect(attempt: number): void {
    const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)]!;
    this.retryTimer = setTimeout(() => {
      if (this.closed) return;
      this.connect().then(
        () => this.options.log(`replication resumed on slot ${this.slotName} from ${formatLsn(this.lastLsn)}`),
        (error: Error) => {
          // The slot itself is gone (the cluster was replaced): a new one starts from now, and
          // what was committed in between is lost; said loudly, as it is the one loss left.
          if (/replication slot .* does not exist/.test(error.message)) {
            this.options.log(`replication slot ${this.slotName} is gone: changes committed since ${formatLsn(this.lastLsn)} are not delivered; starting a new slot`);
            this.slotName = undefined;
            this.lastLsn = 0n;
          } else if (attempt % retryDelays.length === retryDelays.length - 1) {
            this.options.log(`replication still not resumed (${error.message}); retrying`);
          }
          this.reconnect(attempt + 1);
        },
      );
    }, delay);
  }

  /** Slots of this naming whose process is gone: nobody will resume them, and they hold WAL. */
  private async dropOrphanedSlots(): Promise<void> {
    const { rows } = await this.options.pool.query<{ slot_name: string }>(`select slot_name from pg_replication_slots where not active and slot_name like 'realtime\\_%'`);
    for (const { slot_name: name } of rows) {
      const pid = Number(slotPattern.exec(name)?.[1]);
      if (!pid || processAlive(pid)) continue;
      await this.options.pool.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active', [name]).then(
        () => this.options.log(`dropped replication slot ${name} of a process that no longer runs`),
        (error: Error) => this.options.log(`could not drop orphaned replication slot ${name}: ${error.message}`),
      );
    }
  }

  /** Ends the replication session and waits until PostgreSQL has dropped its temporary slots. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.statusTimer);
    const client = this.client;
    this.client = undefined;
    this.wire = undefined;
    if (client) await client.end().catch(() => undefined);
    await this.dropLeftoverSlots();
  }

  /**
   * The walsender may take a moment to exit after the session ends; a slot still there and no
   * longer active is dropped by hand (a lost connection's slot the server has not noticed yet).
   */
  private async dropLeftoverSlots(): Promise<void> {
    const names = [...this.usedSlots];
    for (let attempt = 0; attempt < 50; attempt++) {
      const found = await this.options.pool
        .query<{ slot_name: string; active: boolean }>('select slot_name, active from pg_replication_slots where slot_name = any($1)', [names])
        .catch((error: Error) => this.options.log(`could not check replication slots on close: ${error.message}`));
      if (!found) return;
      const { rows } = found;
      if (rows.length === 0) return;
      for (const row of rows.filter((r) => !r.active)) {
        await this.options.pool.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active', [row.slot_name]).catch(() => undefined);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.options.log(`replication slots still present after close: ${names.join(', ')}`);
  }
}
