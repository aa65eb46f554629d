// Broadcast and Presence on public channels, kept minimal (the shop uses neither): a broadcast
// reaches the other members of the topic (and the sender with `self`), a tracked presence is
// announced with Phoenix's presence_diff and listed in presence_state to members who join later.
import { randomBytes } from 'node:crypto';

export interface TopicMember {
  readonly topic: string;
  readonly presenceKey: string;
  readonly presenceEnabled: boolean;
  /** Sends an event on this member's channel (join_ref set) or as a fastlane push (join_ref null). */
  push(event: string, payload: unknown, fastlane?: boolean): void;
  /** Sends a broadcast whose user payload is raw bytes (vsn 2.0.0 sockets only). */
  pushBinaryBroadcast(event: string, payload: Buffer): void;
}

type Meta = Record<string, unknown> & { phx_ref: string };

export class TopicHub {
  private readonly members = new Map<string, Set<TopicMember>>();
  private readonly presences = new Map<TopicMember, Meta>();

  join(member: TopicMember): void {
    const set = this.members.get(member.topic) ?? new Set();
    set.add(member);
    this.members.set(member.topic, set);
    if (member.presenceEnabled) member.push('presence_state', this.presenceState(member.topic));
  }

  leave(member: TopicMember): void {
    this.untrack(member);
    const set = this.members.get(member.topic);
    set?.delete(member);
    if (set?.size === 0) this.members.delete(member.topic);
  }

  broadcast(from: TopicMember, event: string, payload: unknown, self: boolean): void {
    for (const member of this.members.get(from.topic) ?? []) {
      if (member === from && !self) continue;
      if (Buffer.isBuffer(payload)) member.pushBinaryBroadcast(event, payload);
      else member.push('broadcast', { type: 'broadcast', event, payload }, true);
    }
  }

  track(member: TopicMember, payload: Record<string, unknown>): void {
    const previous = this.presences.get(member);
    const meta: Meta = { ...payload, phx_ref: randomBytes(8).toString('base64url') };
    this.presences.set(member, meta);
    const leaves = previous ? { [member.presenceKey]: { metas: [previous] } } : {};
    this.diff(member.topic, { joins: { [member.presenceKey]: { metas: [meta] } }, leaves });
  }

  untrack(member: TopicMember): void {
    const previous = this.presences.get(member);
    if (!previous) return;
    this.presences.delete(member);
    this.diff(member.topic, { joins: {}, leaves: { [member.presenceKey]: { metas: [previous] } } });
  }

  private presenceState(topic: string): Record<string, { metas: Meta[] }> {
    const state: Record<string, { metas: Meta[] }> = {};
    for (const member of this.members.get(topic) ?? []) {
      const meta = this.presences.get(member);
      if (meta) (state[member.presenceKey] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  private diff(topic: string, diff: { joins: object; leaves: object }): void {
    for (const member of this.members.get(topic) ?? []) if (member.presenceEnabled) member.push('presence_diff', diff, true);
  }
}
