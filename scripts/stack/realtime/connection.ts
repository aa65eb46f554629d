// One client socket: decodes frames with the serializer its `vsn` chose, answers heartbeats,
// routes joins and channel messages, and closes the socket when the client goes silent. Frames
// are handled one after another, so a message never overtakes the join it follows.
import type { WebSocket } from 'ws';
import { Channel, type ChannelDeps, type ChannelHost } from './channel.ts';
import { decodeFrame, encodeBinaryBroadcast, encodeFrame, FrameError, type PhoenixMessage, type Vsn } from './codec.ts';

export interface ConnectionOptions {
  vsn: Vsn;
  apiKey: string;
  /** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
  idleTimeoutMs: number;
}

export class RealtimeConnection implements ChannelHost {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  readonly apiKey: string;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: ChannelDeps,
    private readonly options: ConnectionOptions,
    private readonly onClosed: (connection: RealtimeConnection) => void,
  ) {
    this.apiKey = options.apiKey;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      this.touch();
      this.queue = this.queue.then(() => this.receive(data, isBinary)).catch((error: Error) => deps.log(`message not handled: ${error.stack ?? error.message}`));
    });
    ws.on('close', () => this.dispose());
    ws.on('error', (error) => deps.log(`socket error: ${error.message}`));
    this.touch();
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.ws.close(1000, 'idle timeout'), this.options.idleTimeoutMs);
  }

  send(message: PhoenixMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encodeFrame(message, this.options.vsn));
  }

  sendBinaryBroadcast(topic: string, event: string, payload: Buffer): void {
    if (this.options.vsn === '2.0.0' && this.ws.readyState === this.ws.OPEN) this.ws.send(encodeBinaryBroadcast({ topic, event, payload }), { binary: true });
  }

  forget(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  private async receive(data: Buffer, isBinary: boolean): Promise<void> {
    let message: PhoenixMessage;
    try {
      message = decodeFrame(data, isBinary, this.options.vsn);
    } catch (error) {
      if (error instanceof FrameError) {
        this.deps.log(`unreadable frame ignored: ${error.message}`);
        return;
      }
      throw error;
    }
    const reply = (status: 'ok' | 'error', response: unknown) =>
      this.send({ join_ref: message.join_ref, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });
    if (message.topic === 'phoenix' && message.event === 'heartbeat') {
      reply('ok', {});
      return;
    }
    if (message.event === 'phx_join') {
      await this.join(message);
      return;
    }
    const channel = this.channels.get(message.topic);
    if (!channel || (message.join_ref !== null && message.join_ref !== channel.joinRef)) {
      reply('error', { reason: 'unmatched topic' });
      return;
    }
    await channel.handle(message);
  }

  private async join(message: PhoenixMessage): Promise<void> {
    if (!message.topic.startsWith('realtime:')) {
      this.send({ join_ref: message.join_ref, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status: 'error', response: { reason: 'unmatched topic' } } });
      return;
    }
    // Phoenix closes the earlier channel of a topic joined again on the same socket.
    const previous = this.channels.get(message.topic);
    if (previous) {
      this.send({ join_ref: previous.joinRef, ref: previous.joinRef, topic: previous.topic, event: 'phx_close', payload: {} });
      previous.dispose();
    }
    const channel = await Channel.join(this, this.deps, message);
    if (!channel) return;
    if (this.closed) channel.dispose();
    else this.channels.set(channel.topic, channel);
  }

  /** Closes the socket (service shutdown); resolves once it is closed or after a grace period. */
  close(code = 1001, reason = 'server shutting down'): Promise<void> {
    if (this.ws.readyState === this.ws.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 1000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close(code, reason);
    });
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const channel of [...this.channels.values()]) channel.dispose();
    this.onClosed(this);
  }
}
