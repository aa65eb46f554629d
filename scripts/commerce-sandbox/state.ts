// Checkout sessions and managed stock, kept in memory so they survive a restart: each change
// appends the session it touched (and the stock) as one line to dataDir/journal.jsonl, a cost
// that does not grow with the number of sessions (rewriting the whole state after every change
// did, and blocked the process longer with every session sold). At start the journal is replayed over
// dataDir/state.json, the result written back (temp file + rename) and the journal emptied.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { variantsById } from './catalogue.ts';

export type SessionStatus = 'open' | 'paid' | 'canceled' | 'expired';

export interface LineItem {
  variant_id: string;
  product_id: string;
  product_title: string;
  variant_title: string;
  image_url: string;
  quantity: number;
  unit_price_cents: number;
}

export interface Session {
  id: string;
  status: Exclude<SessionStatus, 'expired'>;
  line_items: LineItem[];
  total_cents: number;
  currency: 'eur';
  success_url: string;
  cancel_url: string;
  locale: string;
  created_at: string;
  paid_at: string | null;
  /** Set when the last payment attempt was refused, for the page to say so. */
  refused: boolean;
  /** Money given back, oldest first; each refunds whole lines. */
  refunds: Refund[];
  /** The buyer's bank contesting the payment, if it ever did. */
  dispute: Dispute | null;
}

export interface RefundLine {
  variant_id: string;
  quantity: number;
  amount_cents: number;
}

export interface Refund {
  id: string;
  /** The caller's key: the same key asks for the same refund, which is answered again, not repeated. */
  idempotency_key: string | null;
  lines: RefundLine[];
  amount_cents: number;
  reason: string;
  created_at: string;
}

export type DisputeStatus = 'open' | 'won' | 'lost';

export interface Dispute {
  id: string;
  status: DisputeStatus;
  opened_at: string;
  closed_at: string | null;
}

export type RefundOutcome =
  | { ok: true; refund: Refund; repeated: boolean }
  | { ok: false; reason: 'not-paid' | 'disputed' | 'unknown-line' | 'already-refunded' };

interface Persisted {
  sessions: Record<string, Session>;
  stock: Record<string, number>;
}

function readSaved(file: string): Partial<Persisted> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Persisted>;
  } catch (error) {
    // Writes are atomic, so this is a hand edit: say which file rather than start empty and lose sales.
    throw new Error(`commerce sandbox: ${file} is not readable JSON (${(error as Error).message}); fix or delete it`);
  }
}

/** One change: the session as it now is, and the managed stock after it. */
interface JournalEntry {
  session: Session;
  stock: Record<string, number>;
}

/**
 * The journal's changes in order. A last line cut short (the process killed mid-append) is a
 * change never acknowledged to anyone: it is skipped; any other unreadable line is a hand edit.
 */
function readJournal(file: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    if (line === '') return [];
    try {
      return [JSON.parse(line) as JournalEntry];
    } catch (error) {
      if (i === lines.length - 1) return [];
      throw new Error(`commerce sandbox: line ${i + 1} of ${file} is not readable JSON (${(error as Error).message}); fix or delete it`);
    }
  });
}

export class SandboxState {
  private readonly file: string;
  private readonly journal: string;
  private readonly data: Persisted;

  constructor(dataDir: string, private readonly sessionTtlMs: number) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'state.json');
    this.journal = join(dataDir, 'journal.jsonl');
    const initialStock = Object.fromEntries([...variantsById.values()].filter((v) => v.managed).map((v) => [v.id, v.initialStock ?? 0]));
    const saved = existsSync(this.file) ? readSaved(this.file) : {};
    const changes = readJournal(this.journal);
    const savedSessions = { ...saved.sessions, ...Object.fromEntries(changes.map((change) => [change.session.id, change.session])) };
    // Sessions saved before refunds and disputes existed have neither.
    const sessions = Object.fromEntries(Object.entries(savedSessions).map(([id, session]) => [id, { ...session, refunds: session.refunds ?? [], dispute: session.dispute ?? null }]));
    this.data = { sessions, stock: { ...initialStock, ...saved.stock, ...changes.at(-1)?.stock } };
    if (changes.length > 0) {
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(this.data));
      renameSync(temporary, this.file);
      rmSync(this.journal);
    }
  }

  private save(session: Session): void {
    appendFileSync(this.journal, `${JSON.stringify({ session, stock: this.data.stock } satisfies JournalEntry)}\n`);
  }

  stockOf(variantId: string): number | null {
    return this.data.stock[variantId] ?? null;
  }

  create(session: Omit<Session, 'id' | 'status' | 'created_at' | 'paid_at' | 'refused' | 'refunds' | 'dispute'>): Session {
    const created: Session = {
      ...session,
      id: `cs_${randomBytes(12).toString('hex')}`,
      status: 'open',
      created_at: new Date().toISOString(),
      paid_at: null,
      refused: false,
      refunds: [],
      dispute: null,
    };
    this.data.sessions[created.id] = created;
    this.save(created);
    return created;
  }

  get(id: string): Session | undefined {
    return Object.hasOwn(this.data.sessions, id) ? this.data.sessions[id] : undefined;
  }

  /** The status a reader sees: an open session past its lifetime reads as expired. */
  statusOf(session: Session): SessionStatus {
    if (session.status === 'open' && Date.now() - Date.parse(session.created_at) > this.sessionTtlMs) return 'expired';
    return session.status;
  }

  /** Pays an open session, taking managed stock all at once or not at all. */
  pay(session: Session): { ok: true } | { ok: false; reason: 'not-open' | 'stock' } {
    if (this.statusOf(session) !== 'open') return { ok: false, reason: 'not-open' };
    const short = session.line_items.some((line) => {
      const stock = this.stockOf(line.variant_id);
      return stock !== null && stock < line.quantity;
    });
    if (short) return { ok: false, reason: 'stock' };
    for (const line of session.line_items) {
      const stock = this.stockOf(line.variant_id);
      if (stock !== null) this.data.stock[line.variant_id] = stock - line.quantity;
    }
    session.status = 'paid';
    session.paid_at = new Date().toISOString();
    session.refused = false;
    this.save(session);
    return { ok: true };
  }

  refuse(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.refused = true;
    this.save(session);
    return true;
  }

  /**
   * Tests only (POST /__sandbox/expire): moves an open session's creation back past its lifetime,
   * so every reader from now on sees it `expired`, exactly as one left 24 hours would read.
   */
  expire(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.created_at = new Date(Date.now() - this.sessionTtlMs - 1000).toISOString();
    this.save(session);
    return true;
  }

  cancel(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.status = 'canceled';
    this.save(session);
    return true;
  }

  /** Every session, for the refund and dispute listings. */
  all(): Session[] {
    return Object.values(this.data.sessions);
  }

  /**
   * Refunds whole lines of a paid session (all those not yet refunded when `variantIds` is null).
   * A key already used answers its refund again; a session under dispute or lost cannot be refunded.
   */
  refund(session: Session, variantIds: string[] | null, reason: string, idempotencyKey: string | null): RefundOutcome {
    const earlier = idempotencyKey === null ? undefined : session.refunds.find((r) => r.idempotency_key === idempotencyKey);
    if (earlier) return { ok: true, refund: earlier, repeated: true };
    if (session.status !== 'paid') return { ok: false, reason: 'not-paid' };
    if (session.dispute && session.dispute.status !== 'won') return { ok: false, reason: 'disputed' };
    const refunded = new Set(session.refunds.flatMap((r) => r.lines.map((line) => line.variant_id)));
    const wanted = variantIds ?? session.line_items.map((line) => line.variant_id).filter((id) => !refunded.has(id));
    if (wanted.some((id) => !session.line_items.some((line) => line.variant_id === id))) return { ok: false, reason: 'unknown-line' };
    if (wanted.length === 0 || wanted.some((id) => refunded.has(id))) return { ok: false, reason: 'already-refunded' };
    const lines = session.line_items
      .filter((line) => wanted.includes(line.variant_id))
      .map((line) => ({ variant_id: line.variant_id, quantity: line.quantity, amount_cents: line.quantity * line.unit_price_cents }));
    const refund: Refund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      idempotency_key: idempotencyKey,
      lines,
      amount_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
      reason,
      created_at: new Date().toISOString(),
    };
    session.refunds.push(refund);
    this.save(session);
    return { ok: true, refund, repeated: false };
  }

  /**
   * Tests only (POST /__sandbox/dispute): the buyer's bank opens a dispute on a paid session, then
   * the service closes it won or lost. False when the step does not follow from the current one.
   */
  dispute(session: Session, status: DisputeStatus): boolean {
    const now = new Date().toISOString();
    if (status === 'open') {
      if (session.status !== 'paid' || session.dispute) return false;
      session.dispute = { id: `dp_${randomBytes(12).toString('hex')}`, status, opened_at: now, closed_at: null };
    } else {
      if (session.dispute?.status !== 'open') return false;
      session.dispute = { ...session.dispute, status, closed_at: now };
    }
    this.save(session);
    return true;
  }
}
