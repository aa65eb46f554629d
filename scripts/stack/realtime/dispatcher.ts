// From a WAL change to the channels allowed to see it, in commit order: the bindings whose table,
// event and filters match, then (for an INSERT or UPDATE on an RLS table) only the subscribers
// whose role and claims can SELECT the row, each sent the columns its role may read.
import type pg from 'pg';
import type { ChangeEvent } from './bindings.ts';
import { loadChangeData, type ChangeData } from './change-data.ts';
import { untilCommitVisible } from './commit-visibility.ts';
import { matchesFilters } from './filters.ts';
import { shapeChange } from './payload.ts';
import type { Subscriber, Subscription, SubscriptionRegistry } from './registry.ts';
import type { RlsChecker } from './rls.ts';
import { retryTransient } from './transient.ts';
import type { WalChange } from './wal-stream.ts';

const events: Record<WalChange['action'], ChangeEvent> = { I: 'INSERT', U: 'UPDATE', D: 'DELETE' };

export class ChangeDispatcher {
  private queue: Promise<void> = Promise.resolve();
  /** The last transaction seen visible: its other changes, which follow it, need no new look. */
  private visibleXid: number | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly rls: RlsChecker,
    private readonly registry: SubscriptionRegistry,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Changes are handled one after another so that every subscriber sees them in commit order.
   * A failure the retries could not overcome is logged with the change: never a silent loss.
   */
  enqueue(change: WalChange): void {
    this.queue = this.queue.then(() =>
      this.dispatch(change).catch((error: Error) =>
        this.log(`${events[change.action]} on ${change.schema}.${change.table} (transaction ${change.xid}) not delivered: ${error.message}`),
      ),
    );
  }

  /** Resolves when every change received so far has been handled. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async dispatch(change: WalChange): Promise<void> {
    const event = events[change.action];
    const candidates = this.registry.matching(change.schema, change.table, event);
    if (candidates.length === 0) return;
    const roles = [...new Set(candidates.map((c) => c.subscriber.role))];
    const data = await retryTransient(`loading ${change.schema}.${change.table} of transaction ${change.xid}`, () => loadChangeData(this.pool, change, roles), this.log);
    if (!data?.published) return;
    const typeOf = (name: string) => data.columns.find((c) => c.name === name)?.type;
    // Realtime's apply_rls tests filters against the new row's columns, which a DELETE has none
    // of: a DELETE passes every filter ("Delete events are not filterable").
    const passing = candidates.filter(
      ({ subscriber, binding }) => this.mayRead(data, event, subscriber.role) && (event === 'DELETE' || matchesFilters(binding.filters, data.record ?? {}, typeOf)),
    );
    const visible = await this.visibleSubscribers(change, event, data, passing);
    // Realtime's MessageDispatcher prepends each matching binding's id: the last binding first,
    // and an id twice when two bindings have the same params.
    const idsBySubscriber = new Map<Subscriber, number[]>();
    for (const { subscriber, binding } of passing) {
      if (!visible.has(subscriber)) continue;
      idsBySubscriber.set(subscriber, [binding.id, ...(idsBySubscriber.get(subscriber) ?? [])]);
    }
    const shaped = new Map<string, unknown>();
    for (const [subscriber, ids] of idsBySubscriber) {
      if (!shaped.has(subscriber.role)) shaped.set(subscriber.role, shapeChange(event, change.schema, change.table, change.timestamp, data, subscriber.role));
      subscriber.deliver({ ids, data: shaped.get(subscriber.role) });
    }
  }

  /**
   * A role that cannot SELECT the whole primary key cannot be checked against RLS (Realtime
   * answers it "Error 401: Unauthorized"); it gets nothing here. Neither does a change to a table
   * without a primary key, which Realtime cannot check either.
   */
  private mayRead(data: ChangeData, event: ChangeEvent, role: string): boolean {
    if (event === 'DELETE') return true;
    if (data.primaryKey.length === 0) return false;
    return data.primaryKey.every((name) => data.columns.find((c) => c.name === name)?.selectableBy[role] === true);
  }

  private async visibleSubscribers(change: WalChange, event: ChangeEvent, data: ChangeData, passing: Subscription[]): Promise<Set<Subscriber>> {
    const subscribers = new Set(passing.map((s) => s.subscriber));
    if (!data.rls || event === 'DELETE' || subscribers.size === 0) return subscribers;
    if (this.visibleXid !== change.xid) {
      await untilCommitVisible(this.pool, change.xid, this.log);
      this.visibleXid = change.xid;
    }
    const row = {
      schema: change.schema,
      table: change.table,
      key: data.primaryKey.map((name) => ({ name, value: change.columns?.find((c) => c.name === name)?.value ?? null })),
    };
    // Subscribers with the same role and claims (one user's several channels) share one check;
    // all the checks of this change go to the database together.
    const groups = new Map<string, Subscriber[]>();
    for (const subscriber of subscribers) {
      const key = `${subscriber.role}\u0000${subscriber.claimsJson}`;
      const group = groups.get(key);
      if (group) group.push(subscriber);
      else groups.set(key, [subscriber]);
    }
    const judged = [...groups.values()];
    const verdicts = await this.rls.visibleTo(row, judged.map((group) => group[0]!));
    const visible = new Set<Subscriber>();
    judged.forEach((group, i) => {
      if (verdicts[i]) group.forEach((s) => visible.add(s));
    });
    return visible;
  }
}
