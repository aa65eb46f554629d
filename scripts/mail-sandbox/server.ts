// The mail sandbox: plays Resend's e-mail API offline, as the commerce sandbox plays the store.
// `POST /emails` with Resend's key check, validation and idempotency; `GET /emails` and
// `GET /emails/{id}` read back what was sent; `GET /` is the outbox page for a developer;
// `POST /__sandbox/recipient-fault` (loopback only) makes sends to one address fail, for tests.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { BodyTooLargeError, bearerToken, readBody, sendJson } from '../stack/http.ts';
import { Outbox, type StoredEmail } from './outbox.ts';
import { attachmentPath, outboxPage, outboxPageCsp } from './outbox-page.ts';
import { apiError, checkSendRequest, type ApiError } from './send-request.ts';
import { listen } from '../lib/listen.ts';

export interface MailSandboxOptions {
  port: number;
  host?: string;
  /** Where the sent mails are kept (`.local/mail` for `npm start`, a temporary folder for tests). */
  dataDir: string;
  /** The only key `Authorization: Bearer …` may carry. */
  apiKey: string;
}

export interface MailSandbox {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

/** A key for one run of the sandbox, shaped like Resend's (`re_…`); it opens nothing else. */
export const newLocalApiKey = () => `re_local_${randomBytes(16).toString('hex')}`;

/** Resend's limit: 40 MB per e-mail, attachments base64-encoded included. */
const maxBodyBytes = 40 * 1024 * 1024;
const maxListLimit = 100;

const sendError = (res: ServerResponse, error: ApiError) => sendJson(res, error.statusCode, error);

/** The list entry of `GET /emails`: Resend's fields without the bodies. */
function listed(email: StoredEmail) {
  const { id, to, from, created_at, subject, bcc, cc, reply_to } = email;
  return { id, to, from, created_at, subject, bcc, cc, reply_to, last_event: 'delivered', scheduled_at: null };
}

/** `GET /emails/{id}`: Resend's object, plus the headers and attachments (a sandbox addition, to check them). */
function retrieved(email: StoredEmail, baseUrl: string) {
  return {
    object: 'email',
    ...listed(email),
    html: email.html,
    text: email.text,
    tags: [],
    headers: email.headers,
    attachments: email.attachments.map((a, i) => ({
      filename: a.filename,
      content_type: a.content_type,
      size: Buffer.from(a.content, 'base64').length,
      download_url: `${baseUrl}${attachmentPath(email, i)}`,
    })),
  };
}

/** What a provider failure answers, by the status a test asks for (Resend's names). */
const injectedFailures: Record<number, ApiError> = {
  429: apiError(429, 'rate_limit_exceeded', 'Too many requests. Please limit the number of requests per second.'),
  500: apiError(500, 'application_error', 'An unexpected error occurred.'),
  503: apiError(503, 'service_unavailable', 'The service is unavailable.'),
};

const loopback = (req: IncomingMessage) => ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');

export async function startMailSandbox(options: MailSandboxOptions): Promise<MailSandbox> {
  const outbox = new Outbox(options.dataDir);
  let baseUrl = '';
  /** Addresses whose sends fail, with the status they answer: a provider failing for one recipient, without disturbing other tests. */
  const recipientFaults = new Map<string, number>();

  async function setRecipientFault(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: { to?: unknown; status?: unknown };
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as typeof body;
    } catch {
      return sendError(res, apiError(400, 'validation_error', 'The body is not valid JSON.'));
    }
    if (typeof body.to !== 'string' || !(body.status === null || (typeof body.status === 'number' && body.status in injectedFailures))) {
      return sendError(res, apiError(422, 'validation_error', `Expected { to, status } with status one of ${Object.keys(injectedFailures).join(', ')} or null.`));
    }
    const address = body.to.toLowerCase();
    if (body.status === null) recipientFaults.delete(address);
    else recipientFaults.set(address, body.status);
    sendJson(res, 200, { to: address, status: body.status });
  }

  async function sendEmail(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const idempotencyKey = req.headers['idempotency-key'];
    if (typeof idempotencyKey === 'string' && (idempotencyKey.length < 1 || idempotencyKey.length > 256)) {
      return sendError(res, apiError(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.'));
    }
    let rawBody: string;
    try {
      rawBody = (await readBody(req, maxBodyBytes)).toString('utf8');
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(res, apiError(413, 'validation_error', 'The email is larger than 40 MB, attachments included.'));
      throw error;
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return sendError(res, apiError(400, 'validation_error', 'The body is not valid JSON.'));
    }
    const checked = checkSendRequest(body);
    if (!checked.ok) return sendError(res, checked.error);
    const fault = checked.message.to.map((address) => recipientFaults.get(address.toLowerCase())).find((status) => status !== undefined);
    if (fault !== undefined) return sendError(res, injectedFailures[fault]!);
    const answer = outbox.send(checked.message, typeof idempotencyKey === 'string' ? { key: idempotencyKey, rawBody } : null);
    if ('statusCode' in answer) return sendError(res, answer);
    if (!answer.repeated) console.log(`[mail-sandbox] ${checked.message.subject} → ${checked.message.to.join(', ')} (${answer.id})`);
    sendJson(res, 200, { id: answer.id });
  }

  function emailsApi(req: IncomingMessage, res: ServerResponse, id: string | undefined, query: URLSearchParams): Promise<void> | void {
    const key = bearerToken(req);
    if (!key) return sendError(res, apiError(401, 'missing_api_key', 'Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY.'));
    if (key !== options.apiKey) return sendError(res, apiError(403, 'invalid_api_key', 'API key is invalid.'));
    if (req.method === 'POST' && id === undefined) return sendEmail(req, res);
    if (req.method === 'GET' && id === undefined) {
      const limit = Number(query.get('limit') ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > maxListLimit) return sendError(res, apiError(422, 'validation_error', `The \`limit\` parameter must be an integer from 1 to ${maxListLimit}.`));
      const emails = outbox.newestFirst();
      return sendJson(res, 200, { object: 'list', has_more: emails.length > limit, data: emails.slice(0, limit).map(listed) });
    }
    if (req.method === 'GET' && id !== undefined) {
      const email = outbox.get(id);
      return email ? sendJson(res, 200, retrieved(email, baseUrl)) : sendError(res, apiError(404, 'not_found', 'Email not found.'));
    }
    sendError(res, apiError(405, 'method_not_allowed', 'Method is not allowed.'));
  }

  function attachment(res: ServerResponse, emailId: string, index: string): void {
    const found = outbox.get(emailId)?.attachments[Number(index)];
    if (!found || !/^\d+$/.test(index)) return sendError(res, apiError(404, 'not_found', 'Attachment not found.'));
    const bytes = Buffer.from(found.content, 'base64');
    res.writeHead(200, {
      'Content-Type': found.content_type,
      'Content-Length': bytes.length,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(found.filename)}`,
      // Whatever a mail attached, it is a download here: never sniffed, never run as a page.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
    });
    res.end(bytes);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'emails' && parts.length <= 2) return emailsApi(req, res, parts[1], url.searchParams);
    if (req.method === 'POST' && parts[0] === '__sandbox' && parts[1] === 'recipient-fault' && parts.length === 2 && loopback(req)) return setRecipientFault(req, res);
    if (req.method === 'GET' && parts.length === 0) {
      const html = outboxPage(outbox.newestFirst());
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': Buffer.byteLength(html),
        'Content-Security-Policy': outboxPageCsp,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      });
      return void res.end(html);
    }
    if (req.method === 'GET' && parts[0] === 'outbox' && parts[2] === 'attachments' && parts.length === 4) return attachment(res, parts[1]!, parts[3]!);
    sendError(res, apiError(404, 'not_found', 'The requested endpoint does not exist.'));
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      console.error(`[mail-sandbox] ${req.method} ${req.url}: ${error.stack}`);
      if (!res.headersSent) sendError(res, apiError(500, 'application_error', 'An unexpected error occurred.'));
    });
  });
  baseUrl = await listen(server, options.port, options.host);
  return {
    url: baseUrl,
    apiKey: options.apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
