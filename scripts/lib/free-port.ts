// A port for a server that will be started by another process, seconds later, on 127.0.0.1. The
// OS's own pick (port 0) comes from the ephemeral range, which is also where every outgoing
// connection takes its source port: on a machine making thousands of local connections (a test
// run), one of them could take the port before the server binds it. So the port is drawn below
// that range, where only servers asking for a port by number go, and checked free right now.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port of the ephemeral range (Linux's setting; IANA's 49152 elsewhere). */
function ephemeralFloor(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 49152;
  }
}

const lowest = 10_000;
const attempts = 50;

/** Whether `port` can be bound on 127.0.0.1 right now (the probe is closed again). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port free on 127.0.0.1 right now, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  const span = ephemeralFloor() - lowest;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = lowest + Math.floor(Math.random() * span);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port between ${lowest} and ${lowest + span} after ${attempts} tries`);
}
