// The one way the shop's functions send e-mail (order confirmations, invoices, the administrator's
// notices): Resend's HTTP API, `POST {MAIL_API_URL}/emails` with the key as a bearer token. Hosted
// functions cannot reach SMTP ports, so nothing here opens a socket of its own. Configured by the
// secrets MAIL_API_KEY, MAIL_FROM and MAIL_API_URL (Resend itself unless set; the local stack
// points it at scripts/mail-sandbox). Every failure is a MailError whose message never holds the key.
// Resend because Supabase's guide « Sending Emails » uses it, it needs only fetch, and it has
// idempotency keys; another provider (Postmark, SendGrid, Brevo…) is a second implementation of
// this file. Auth mails (sign-up confirmation, e-mail change) stay GoTrue's.
import { requireEnv } from './supabase.ts';

const resendApiUrl = 'https://api.resend.com';
const defaultTimeoutMs = 10_000;

export interface MailAttachment {
  filename: string;
  /** The file's bytes; sent base64-encoded, as the API wants them. */
  content: Uint8Array;
  /** Derived from the filename by the provider when absent. */
  contentType?: string;
}

/** One message; at least one of `html` and `text`. The sender is the shop's (MAIL_FROM). */
export type Mail = {
  to: string | string[];
  subject: string;
  replyTo?: string | string[];
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /**
   * Resend sends a request with a key it has seen in the last 24 hours only once and answers
   * the first id again: give one per message (`order-confirmation/<order id>`) so a retry after
   * a timeout cannot mail the customer twice.
   */
  idempotencyKey?: string;
} & ({ html: string; text?: string } | { html?: string; text: string });

export type MailFailure =
  /** The provider refused the message (4xx other than the ones below): retrying will not help. */
  | 'rejected'
  /** 401/403: the key is missing, wrong or revoked. */
  | 'unauthorized'
  /** 429: too many requests or the quota is spent; retry later. */
  | 'rate_limited'
  /** 5xx: the provider failed. */
  | 'provider_error'
  | 'unreachable'
  | 'timeout'
  /** A 2xx whose body is not `{ id }`. */
  | 'bad_answer';

const retryableFailures: ReadonlySet<MailFailure> = new Set(['rate_limited', 'provider_error', 'unreachable', 'timeout']);

export class MailError extends Error {
  /** Whether the same send may succeed later (with the same idempotency key). */
  readonly retryable: boolean;

  constructor(
    readonly failure: MailFailure,
    message: string,
    /** The HTTP status and the provider's error name (`invalid_api_key`, …) when it answered. */
    readonly status?: number,
    readonly providerName?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailError';
    this.retryable = retryableFailures.has(failure);
  }
}

export interface MailClientOptions {
  apiUrl: string;
  apiKey: string;
  /** The shop's sender, `Name <address>`. */
  from: string;
  /** How long a send may take before it is abandoned as `timeout`; 10 s by default. */
  timeoutMs?: number;
}

function failureOf(status: number): MailFailure {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'provider_error' : 'rejected';
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading a whole PDF into one call would overflow the argument stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The provider's error body `{ statusCode, name, message }` when it sent one. */
function describeRefusal(body: string): { name?: string; message: string } {
  try {
    const parsed = JSON.parse(body) as { name?: unknown; message?: unknown };
    if (typeof parsed.message === 'string') return { name: typeof parsed.name === 'string' ? parsed.name : undefined, message: parsed.message };
  } catch {
    // Not JSON: a proxy's page or an empty body; its first characters are enough to log.
  }
  return { message: body.trim().slice(0, 200) || 'no details' };
}

export class MailClient {
  private readonly apiUrl: string;

  constructor(private readonly options: MailClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
  }

  /** Sends one message; resolves to the provider's id, or throws a MailError. */
  async send(mail: Mail): Promise<{ id: string }> {
    const body = {
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      reply_to: mail.replyTo,
      headers: mail.headers,
      attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: base64(a.content), content_type: a.contentType })),
    };
    const timeoutMs = this.options.timeoutMs ?? defaultTimeoutMs;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.apiUrl}/emails`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.options.apiKey}`,
          'Content-Type': 'application/json',
          // Resend refuses requests without a User-Agent (its error 1010).
          'User-Agent': 'lumiere-sacree-shop',
          ...(mail.idempotencyKey ? { 'Idempotency-Key': mail.idempotencyKey } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Under the same signal: a provider that sends headers and then stalls is a timeout too.
      text = await response.text();
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'TimeoutError') {
        throw new MailError('timeout', `the mail API did not answer within ${timeoutMs} ms`, undefined, undefined, { cause });
      }
      throw new MailError('unreachable', `the mail API is unreachable (${(cause as Error).message})`, undefined, undefined, { cause });
    }
    if (!response.ok) {
      const refusal = describeRefusal(text);
      const name = refusal.name ? ` ${refusal.name}` : '';
      throw new MailError(failureOf(response.status), `the mail API answered HTTP ${response.status}${name}: ${refusal.message}`, response.status, refusal.name);
    }
    let id: unknown;
    try {
      id = (JSON.parse(text) as { id?: unknown } | null)?.id;
    } catch {
      // Handled below with the same message as a JSON answer without an id.
    }
    if (typeof id !== 'string' || id === '') throw new MailError('bad_answer', `the mail API answered HTTP ${response.status} without an email id`, response.status);
    return { id };
  }
}

export function mailFromEnv(): MailClient {
  return new MailClient({
    apiUrl: Deno.env.get('MAIL_API_URL') || resendApiUrl,
    apiKey: requireEnv('MAIL_API_KEY'),
    from: requireEnv('MAIL_FROM'),
  });
}
