// Sends bytes of an open file to a response through two buffers used in turn: one is read from disk
// while the other is on its way to the socket, and a buffer is read into again only once the
// socket has taken it. A stream with a fresh 1 MiB buffer per chunk (fs.createReadStream) makes
// 200 buffers for a 200 MB video, which the garbage collector and the page faults of new memory
// then pay for: bench:storage measured a quarter of the gateway's CPU per download going there.
import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';

/** Read size: 1 MiB chunks cost far fewer syscalls and writes than the 64 KiB default. */
const chunkSize = 1024 * 1024;

/** Thrown when the client went away before the last byte; nothing to report to anyone. */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the connection');
  }
}

/** Resolves once the socket has taken `bytes`; rejects when the client goes away first (a write cut short may never call back). */
function written(res: ServerResponse, bytes: Buffer): Promise<void> {
  const taken = new Promise<void>((resolve, reject) => {
    if (res.destroyed) return reject(new ClientGone());
    const gone = () => reject(new ClientGone());
    res.once('close', gone);
    res.write(bytes, (error) => {
      res.off('close', gone);
      if (error) reject(new ClientGone());
      else resolve();
    });
  });
  // Awaited later, after the next read: a rejection meanwhile is not an unhandled one.
  taken.catch(() => undefined);
  return taken;
}

/** Writes bytes `start`..`end` (inclusive) of `file`, then ends the response. */
export async function sendFileRange(file: FileHandle, res: ServerResponse, start: number, end: number): Promise<void> {
  const length = end - start + 1;
  const buffers = [Buffer.allocUnsafeSlow(Math.min(chunkSize, length)), Buffer.allocUnsafeSlow(Math.min(chunkSize, length))];
  let sending: Promise<void> = Promise.resolve();
  try {
    for (let position = start, turn = 0; position <= end; turn++) {
      const buffer = buffers[turn % 2]!;
      const { bytesRead } = await file.read(buffer, 0, Math.min(buffer.length, end - position + 1), position);
      // A file shorter than its row says: the response cannot be completed.
      if (bytesRead === 0) throw new Error(`the file ended ${end - position + 1} bytes early`);
      position += bytesRead;
      await sending;
      sending = written(res, buffer.subarray(0, bytesRead));
    }
    await sending;
    res.end();
  } catch (error) {
    res.destroy();
    throw error;
  }
}
