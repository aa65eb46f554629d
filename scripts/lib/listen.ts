// Starting a local HTTP server: listen on the given port (0 for any free one) of the loopback by
// default, failing on a taken port, and give back the base URL it answers on.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
