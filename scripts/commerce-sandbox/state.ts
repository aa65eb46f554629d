// Checkout sessions and managed stock, kept in memory and written to dataDir/state.json after
// every change (temp file + rename), so they survive a restart.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
}

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

export class SandboxState {
  private readonly file: string;
  private readonly data: Persisted;

  constructor(dataDir: string, private readonly sessionTtlMs: number) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'state.json');
    const initialStock = Object.fromEntries([...variantsById.values()].filter((v) => v.managed).map((v) => [v.id, v.initialStock ?? 0]));
    const saved = existsSync(this.file) ? readSaved(this.file) : {};
    this.data = { sessions: saved.sessions ?? {}, stock: { ...initialStock, ...saved.stock } };
  }

  private save(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.data));
    renameSync(temporary, this.file);
  }

  stockOf(variantId: string): number | null {
    return this.data.stock[variantId] ?? null;
  }

  create(session: Omit<Session, 'id' | 'status' | 'created_at' | 'paid_at' | 'refused'>): Session {
    const created: Session = { ...session, id: `cs_${randomBytes(12).toString('hex')}`, status: 'open', created_at: new Date().toISOString(), paid_at: null, refused: false };
    this.data.sessions[created.id] = created;
    this.save();
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
    this.save();
    return { ok: true };
  }

  refuse(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.refused = true;
    this.save();
    return true;
  }

  /**
   * Tests only (POST /__sandbox/expire): moves an open session's creation back past its lifetime,
   * so every reader from now on sees it `expired`, exactly as one left 24 hours would read.
   */
  expire(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.created_at = new Date(Date.now() - this.sessionTtlMs - 1000).toISOString();
    this.save();
    return true;
  }

  cancel(session: Session): boolean {
    if (this.statusOf(session) !== 'open') return false;
    session.status = 'canceled';
    this.save();
    return true;
  }
}
