// Checkout sessions, the orders their payments made (hostinger/orders.ts) and managed stock, kept
// in memory so they survive a restart: each change appends the session or order it touched (and
// the stock) as one line to dataDir/journal.jsonl, a cost
// that does not grow with the number of sessions (rewriting the whole state after every change
// did, and blocked the process longer with every session sold). At start the journal is replayed over
// dataDir/state.json, the result written back (temp file + rename) and the journal emptied.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { variantsById } from './catalogue.ts';
import { cancelOrder, type OrderDetail, paidOrder, refundOrder, type RefundInstruction, type RefundResult } from './hostinger/orders.ts';

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
}

interface Persisted {
  sessions: Record<string, Session>;
  /** The Ecommerce API's orders by id, in the order they were made. */
  orders: Record<string, OrderDetail>;
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

/** One change: the session or the order as it now is, and the managed stock after it. */
interface JournalEntry {
  session?: Session;
  order?: OrderDetail;
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
    const savedSessions = { ...saved.sessions, ...Object.fromEntries(changes.flatMap((change) => (change.session ? [[change.session.id, change.session]] : []))) };
    const orders = { ...saved.orders, ...Object.fromEntries(changes.flatMap((change) => (change.order ? [[change.order.id, change.order]] : []))) };
    this.data = { sessions: savedSessions, orders, stock: { ...initialStock, ...saved.stock, ...changes.at(-1)?.stock } };
    if (changes.length > 0) {
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(this.data));
      renameSync(temporary, this.file);
      rmSync(this.journal);
    }
  }

  private save(change: { session: Session } | { order: OrderDetail }): void {
    appendFileSync(this.journal, `${JSON.stringify({ ...change, stock: this.data.stock } satisfies JournalEntry)}\n`);
  }

  stockOf(variantId: string): number | null {
    return this.data.stock[variantId] ?? null;
  }

  create(session: Omit<Session, 'id' | 'status' | 'created_at' | 'paid_at' | 'refused'>): Session {
    const created: Session = {
      ...session,
      id: `cs_${randomBytes(12).toString('hex')}`,
      status: 'open',
      created_at: new Date().toISOString(),
      paid_at: null,
      refused: false,
    };
    this.data.sessions[created.id] = created;
    this.save({ session: created });
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

  /**
   * Pays an open session, taking managed stock all at once or not at all; the payment becomes an
   * order of the Ecommerce API, under the e-mail the buyer gave on the hosted page.
   */
  pay(session: Session, email: string): { ok: true; order: OrderDetail } | { ok: false; reason: 'not-open' | 'stock' } {
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
    this.save({ session });
    const order = paidOrder(session.line_items, email, 1001 + Object.keys(this.data.orders).length, session.currency);
    this.data.orders[order.id] = order;
    this.save({ order });
    return { ok: true, order };
  }

  order(id: string): OrderDetail | undefined {
    return Object.hasOwn(this.data.orders, id) ? this.data.orders[id] : undefined;
  }

  /** Every order, newest first, as the API lists them. */
  orders(): OrderDetail[] {
    return Object.values(this.data.orders).reverse();
  }

  /** hPanel's refund (tests only, POST /__sandbox/orders/{id}/refund). */
  refundOrder(order: OrderDetail, instruction: RefundInstruction): RefundResult {
    return this.changeOrder(order, refundOrder(order, instruction));
  }

  /** The API's cancel, and hPanel's. */
  cancelOrder(order: OrderDetail): RefundResult {
    return this.changeOrder(order, cancelOrder(order));
  }

  private changeOrder(order: OrderDetail, result: RefundResult): RefundResult {
    if (result.ok) this.save({ order });
    return result;
  }

  refuse(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.refused = true;
    this.save({ session });
    return true;
  }

  cancel(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.status = 'canceled';
    this.save({ session });
    return true;
  }
}
