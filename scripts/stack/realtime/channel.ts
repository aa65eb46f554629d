// One joined `realtime:<name>` topic of one socket, as RealtimeWeb.RealtimeChannel behaves: the
// join (token, bindings echoed with their ids, then the `system` message about PostgreSQL), leave,
// access-token refreshes re-checked (a bad one closes the channel with a `system` error, as does
// the token expiring; one Realtime's decoders raise on ends it with `phx_error`, as a channel
// process that dies), and minimal broadcast and presence.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bindingId, parseBinding, type Binding } from './bindings.ts';
import type { PhoenixMessage } from './codec.ts';
import type { Subscriber, SubscriptionRegistry } from './registry.ts';
import { checkBindings } from './subscribe.ts';
import { checkAccessToken, UndecodableToken, type RealtimeKeys, type TokenCheck } from './tokens.ts';
import type { TopicHub, TopicMember } from './topics.ts';
import { retryTransient } from './transient.ts';

export interface ChannelDeps {
  /** The project's keys, read at each check (the legacy switch may change). */
  keys: RealtimeKeys;
  pool: pg.Pool;
  registry: SubscriptionRegistry;
  topics: TopicHub;
  log(message: string): void;
}

/** The socket a channel lives on. */
export interface ChannelHost {
  /** The connection's `apikey`: the token of joins that bring none (Realtime's tenant token). */
  readonly apiKey: string;
  send(message: PhoenixMessage): void;
  /** Dropped when the socket's serializer cannot carry binary broadcasts (vsn 1.0.0), as Realtime does. */
  sendBinaryBroadcast(topic: string, event: string, payload: Buffer): void;
  forget(channel: Channel): void;
}

type Fields = Record<string, unknown>;
const asObject = (value: unknown): Fields => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {});
const maxTimer = 60 * 60 * 1000;

export class Channel implements Subscriber, TopicMember {
  readonly subTopic: string;
  readonly presenceKey: string;
  readonly presenceEnabled: boolean;
  role = '';
  claimsJson = '';
  private token = '';
  /** The bindings as the client sent them, re-checked when the token changes. */
  private requested: Fields[] = [];
  private expiryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly host: ChannelHost,
    private readonly deps: ChannelDeps,
    readonly topic: string,
    readonly joinRef: string | null,
    private readonly config: Fields,
  ) {
    this.subTopic = topic.slice('realtime:'.length);
    const presence = asObject(config.presence);
    this.presenceKey = typeof presence.key === 'string' && presence.key ? presence.key : randomUUID();
    this.presenceEnabled = presence.enabled === true;
  }

  /**
   * Answers the join itself; returns the channel when it joined. Whatever the checks before the
   * reply throw is the join's error, as RealtimeChannel.join rescues every exception into an
   * `UnknownErrorOnChannel` reason: the client is answered, never left to time out.
   */
  static async join(host: ChannelHost, deps: ChannelDeps, message: PhoenixMessage): Promise<Channel | undefined> {
    let replied = false;
    const reply = (status: 'ok' | 'error', response: unknown) => {
      replied = true;
      host.send({ join_ref: message.join_ref, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });
    };
    try {
      return await Channel.answerJoin(host, deps, message, reply);
    } catch (error) {
      if (replied) throw error;
      if (!(error instanceof UndecodableToken)) deps.log(`join of ${message.topic} failed: ${(error as Error).stack ?? String(error)}`);
      reply('error', { reason: `UnknownErrorOnChannel: ${(error as Error).message}` });
      return undefined;
    }
  }

  private static async answerJoin(host: ChannelHost, deps: ChannelDeps, message: PhoenixMessage, reply: (status: 'ok' | 'error', response: unknown) => void): Promise<Channel | undefined> {
    const payload = asObject(message.payload);
    const config = asObject(payload.config);
    if (message.topic === 'realtime:') {
      reply('error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return undefined;
    }
    const given = payload.access_token ?? payload.user_token;
    const token = typeof given === 'string' && !given.startsWith('sb_') ? given : host.apiKey;
    const check = checkAccessToken(token, deps.keys);
    if (!check.ok) {
      reply('error', { reason: check.reason });
      return undefined;
    }
    if (config.private === true) {
      // Private channels are authorised by policies on realtime.messages, which this stack lacks.
      const subTopic = message.topic.slice('realtime:'.length);
      reply('error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}` });
      return undefined;
    }
    const channel = new Channel(host, deps, message.topic, message.join_ref ?? message.ref, config);
    channel.useToken(token, check.claims);
    channel.requested = (Array.isArray(config.postgres_changes) ? config.postgres_changes : []).filter((p) => p !== null && p !== undefined).map(asObject);
    const subscription =
      channel.requested.length > 0
        ? await channel.checkRequested().catch((error: unknown) => {
            channel.dispose();
            throw error;
          })
        : undefined;
    reply('ok', { postgres_changes: channel.requested.map((params) => ({ ...params, id: bindingId(params) })) });
    // Registered in the same tick as the reply: no change can fall between SUBSCRIBED and delivery,
    // and none arrives before the client knows the binding ids.
    if (subscription) channel.register(subscription);
    deps.topics.join(channel);
    return channel;
  }

  private useToken(token: string, claims: Fields & { role: string; exp: number }): void {
    this.token = token;
    this.role = claims.role;
    this.claimsJson = JSON.stringify(claims);
    clearTimeout(this.expiryTimer);
    const untilExpiry = claims.exp * 1000 - Date.now();
    this.expiryTimer = setTimeout(() => this.confirmToken(), Math.max(0, Math.min(untilExpiry, maxTimer)));
  }

  /** Realtime re-confirms the token when it expires (and at least hourly) and closes on failure. */
  private confirmToken(): void {
    let check: TokenCheck;
    try {
      check = checkAccessToken(this.token, this.deps.keys);
    } catch (error) {
      // A timer's exception would end the whole stack; Realtime's channel alone dies.
      this.crash(error);
      return;
    }
    if (check.ok) this.useToken(this.token, check.claims);
    else this.shutdown(check.message);
  }

  /** Checks the bindings under the current role (Realtime's subscription insert). */
  private async checkRequested(): Promise<{ bindings: Binding[]; status: 'ok' | 'error'; message: string }> {
    const parsed = this.requested.map(parseBinding);
    const failure = parsed.find((p) => !p.ok);
    const bindings = parsed.flatMap((p) => (p.ok ? [p.binding] : []));
    const check = failure && !failure.ok ? { ok: false as const, message: failure.message } : await retryTransient(`subscription check of ${this.topic}`, () => checkBindings(this.deps.pool, bindings, this.role), this.deps.log);
    return check.ok ? { bindings, status: 'ok', message: 'Subscribed to PostgreSQL' } : { bindings: [], status: 'error', message: check.message };
  }

  /** Starts (or, with no bindings, stops) deliveries and tells the client with a `system` message. */
  private register({ bindings, status, message }: { bindings: Binding[]; status: 'ok' | 'error'; message: string }): void {
    if (this.closed) return;
    this.deps.registry.set(this, bindings);
    this.push('system', { extension: 'postgres_changes', status, message, channel: this.subTopic });
  }

  async handle(message: PhoenixMessage): Promise<void> {
    const payload = asObject(message.payload);
    const reply = (status: 'ok' | 'error', response: unknown = {}) =>
      this.host.send({ join_ref: this.joinRef, ref: message.ref, topic: this.topic, event: 'phx_reply', payload: { status, response } });
    switch (message.event) {
      case 'phx_leave':
        reply('ok');
        this.dispose();
        return;
      case 'access_token':
        await this.refreshToken(payload.access_token).catch((error: unknown) => this.crash(error));
        return;
      case 'broadcast': {
        const broadcast = asObject(this.config.broadcast);
        this.deps.topics.broadcast(this, String(payload.event ?? ''), payload.payload ?? {}, broadcast.self === true);
        if (broadcast.ack === true) reply('ok');
        return;
      }
      case 'presence':
        if (payload.event === 'track') this.deps.topics.track(this, asObject(payload.payload));
        else if (payload.event === 'untrack') this.deps.topics.untrack(this);
        reply('ok');
        return;
      default:
        this.deps.log(`unexpected message from client of type \`${message.event}\` on ${this.topic}`);
    }
  }

  private async refreshToken(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.token) return;
    const check = checkAccessToken(token, this.deps.keys);
    if (!check.ok) {
      this.shutdown(check.message);
      return;
    }
    this.useToken(token, check.claims);
    if (this.requested.length > 0) this.register(await this.checkRequested());
  }

  deliver(change: { ids: number[]; data: unknown }): void {
    this.push('postgres_changes', change, true);
  }

  push(event: string, payload: unknown, fastlane = false): void {
    if (this.closed) return;
    this.host.send({ join_ref: fastlane ? null : this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  pushBinaryBroadcast(event: string, payload: Buffer): void {
    if (!this.closed) this.host.sendBinaryBroadcast(this.topic, event, payload);
  }

  /** Realtime's shutdown_response: a `system` error, then Phoenix's phx_close for the join. */
  shutdown(message: string): void {
    if (this.closed) return;
    this.push('system', { extension: 'system', status: 'error', message, channel: this.subTopic });
    this.host.send({ join_ref: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_close', payload: {} });
    this.dispose();
  }

  /**
   * What Phoenix does when a channel's process dies (Realtime rescues nothing on a refresh): the
   * client gets `phx_error` for the join and rejoins.
   */
  private crash(error: unknown): void {
    if (!(error instanceof UndecodableToken)) this.deps.log(`channel ${this.topic} failed: ${(error as Error).stack ?? String(error)}`);
    if (this.closed) return;
    this.host.send({ join_ref: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_error', payload: {} });
    this.dispose();
  }

  /** Stops every delivery to this channel (leave, shutdown, duplicate join, socket closed). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiryTimer);
    this.deps.registry.remove(this);
    this.deps.topics.leave(this);
    this.host.forget(this);
  }
}
