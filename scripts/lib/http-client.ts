// The load generators' HTTP client (the benches', and a test's flood), as wrk or k6 speak it:
// node:http over keep-alive connections, the answer read whole as text. Node's fetch (undici)
// costs several times as much CPU per request, which a load generator on the stack's own machine
// takes from the stack it measures (bench:load's open loop spent about 5 ms of CPU per purchase
// on it).
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpRequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Keep-alive connections to reuse; one unbounded pool by default. */
  agent?: Agent;
  /** Past it the request fails with a timeout error. */
  timeoutMs?: number;
}

const sharedAgent = new Agent({ keepAlive: true, maxSockets: Infinity });

export function httpRequest(url: string, options: HttpRequestOptions = {}): Promise<HttpAnswer> {
  const { method = 'GET', headers = {}, body, agent = sharedAgent, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, agent, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    if (timeoutMs !== undefined) sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1000} s`)));
    sent.end(body);
  });
}
