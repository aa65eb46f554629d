// A bare Phoenix socket for protocol tests: raw frames in, decoded frames kept, waits by predicate.
import WebSocket from 'ws';
import { decodeFrame, encodeFrame, type PhoenixMessage, type Vsn } from './codec.ts';

export class TestSocket {
  readonly received: PhoenixMessage[] = [];
  readonly binary: Buffer[] = [];
  private waiters: Array<() => void> = [];
  private nextRef = 1;

  private constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
  ) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.binary.push(data);
      else this.received.push(decodeFrame(data, false, vsn));
      this.waiters.forEach((wake) => wake());
    });
  }

  static open(apiUrl: string, apiKey: string, vsn: Vsn): Promise<TestSocket> {
    const url = `${apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apiKey)}&vsn=${vsn}`;
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws, vsn)));
      ws.once('error', reject);
    });
  }

  /** Sends a message and returns its ref. */
  send(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    const ref = String(this.nextRef++);
    this.ws.send(encodeFrame({ join_ref: joinRef ?? (event === 'phx_join' ? ref : null), ref, topic, event, payload }, this.vsn));
    return ref;
  }

  sendRaw(data: Buffer | string, binary = false): void {
    this.ws.send(data, { binary });
  }

  next(test: (message: PhoenixMessage) => boolean, timeoutMs = 5000): Promise<PhoenixMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.find(test);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`));
      }, timeoutMs);
      if (!check()) this.waiters.push(wake);
    });
  }

  reply(ref: string): Promise<PhoenixMessage> {
    return this.next((m) => m.event === 'phx_reply' && m.ref === ref);
  }

  /** Joins and waits for the reply and (with bindings) the `system` message about PostgreSQL. */
  async join(topic: string, payload: unknown): Promise<{ reply: PhoenixMessage; system?: PhoenixMessage }> {
    const ref = this.send(topic, 'phx_join', payload);
    const reply = await this.reply(ref);
    const bindings = (payload as { config?: { postgres_changes?: unknown[] } }).config?.postgres_changes ?? [];
    if ((reply.payload as { status: string }).status !== 'ok' || bindings.length === 0) return { reply };
    const system = await this.next((m) => m.topic === topic && m.event === 'system' && (m.payload as { extension: string }).extension === 'postgres_changes');
    return { reply, system };
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
