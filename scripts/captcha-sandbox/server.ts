// The captcha sandbox: plays the captcha provider's `siteverify` offline (Cloudflare Turnstile's
// and hCaptcha's share it: a form POST of `secret` and `response`, answered
// `{ success, "error-codes" }`), as the mail sandbox plays Resend. Nothing here is ever reached by
// a browser: a real widget needs the provider's script. Tests mint the tokens a widget would give
// with `POST /tokens` (a tests-only control, like the commerce sandbox's), each spent on its first
// check as the providers do; `{ outcome: 'unavailable' }` mints one whose check answers 503, the
// provider being down.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, sendJson } from '../stack/http.ts';
import { listen } from '../lib/listen.ts';

export type TokenOutcome = 'success' | 'unavailable';

export interface CaptchaSandbox {
  url: string;
  /** The secret key `siteverify` accepts; any other is `invalid-input-secret`. */
  secret: string;
  close(): Promise<void>;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
}

export async function startCaptchaSandbox(options: { port: number; host?: string }): Promise<CaptchaSandbox> {
  const secret = `captcha_local_${randomBytes(16).toString('hex')}`;
  const minted = new Map<string, TokenOutcome>();

  async function siteverify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await formOf(req);
    if (form.get('secret') !== secret) return sendJson(res, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
    const response = form.get('response') ?? '';
    if (!response) return sendJson(res, 200, { success: false, 'error-codes': ['missing-input-response'] });
    const outcome = minted.get(response);
    if (outcome === 'unavailable') return sendJson(res, 503, { success: false, 'error-codes': ['internal-error'] });
    // Unknown, or already checked once: the providers answer the same for both.
    if (!minted.delete(response)) return sendJson(res, 200, { success: false, 'error-codes': ['invalid-input-response'] });
    sendJson(res, 200, { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost', 'error-codes': [] });
  }

  async function mint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readBody(req, 1024)).toString('utf8');
    const outcome = ((body ? JSON.parse(body) : {}) as { outcome?: TokenOutcome }).outcome ?? 'success';
    const token = `XXXX.DUMMY.TOKEN.${randomBytes(24).toString('base64url')}`;
    minted.set(token, outcome);
    sendJson(res, 201, { token });
  }

  const server = createServer((req, res) => {
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://sandbox').pathname}`;
    const handler = route === 'POST /siteverify' ? siteverify : route === 'POST /tokens' ? mint : undefined;
    if (!handler) return sendJson(res, 404, { success: false, 'error-codes': ['not-found'] });
    handler(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 400, { success: false, 'error-codes': ['bad-request'] });
    });
  });
  const url = await listen(server, options.port, options.host);
  return {
    url,
    secret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
