// Which channels listen to which tables: the dispatcher asks it, for each change, who might want it.
import type { Binding, ChangeEvent } from './bindings.ts';

/** A joined channel as the dispatcher sees it: whose claims it reads with, and how to reach it. */
export interface Subscriber {
  readonly role: string;
  /** The JWT claims as JSON, set as `request.jwt.claims` for the RLS check. */
  readonly claimsJson: string;
  deliver(change: { ids: number[]; data: unknown }): void;
}

export interface Subscription {
  subscriber: Subscriber;
  binding: Binding;
}

export class SubscriptionRegistry {
  private readonly bySubscriber = new Map<Subscriber, Binding[]>();

  /** Replaces what a subscriber listens to (a join, or a join re-checked under a new token). */
  set(subscriber: Subscriber, bindings: Binding[]): void {
    if (bindings.length === 0) this.bySubscriber.delete(subscriber);
    else this.bySubscriber.set(subscriber, bindings);
  }

  remove(subscriber: Subscriber): void {
    this.bySubscriber.delete(subscriber);
  }

  matching(schema: string, table: string, event: ChangeEvent): Subscription[] {
    const found: Subscription[] = [];
    for (const [subscriber, bindings] of this.bySubscriber) {
      for (const binding of bindings) {
        if (binding.event !== '*' && binding.event !== event) continue;
        if (binding.schema !== '*' && binding.schema !== schema) continue;
        if (binding.table !== '*' && binding.table !== table) continue;
        found.push({ subscriber, binding });
      }
    }
    return found;
  }
}
