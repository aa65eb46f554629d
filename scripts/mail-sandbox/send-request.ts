// What Resend checks in a `POST /emails` body, with its answers: 422 `missing_required_field` for
// an absent from, to, subject or body, 422 `validation_error` for a malformed address, header or
// recipient list, 422 `invalid_attachment` for an attachment it cannot read. Errors are Resend's
// `{ statusCode, name, message }`.
export interface ApiError {
  statusCode: number;
  name: string;
  message: string;
}

export const apiError = (statusCode: number, name: string, message: string): ApiError => ({ statusCode, name, message });

export interface Attachment {
  filename: string;
  content_type: string;
  /** Base64, as sent. */
  content: string;
}

/** A message the API accepted, before it gets an id and a date. */
export interface Accepted {
  from: string;
  to: string[];
  cc: string[] | null;
  bcc: string[] | null;
  reply_to: string[] | null;
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string> | null;
  attachments: Attachment[];
}

const maxRecipients = 50;
const address = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const isAddress = (value: string) => address.test(value) || (/^[^<>]*<([^<>]+)>$/.test(value) && address.test(/<([^<>]+)>$/.exec(value)![1]!));
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const contentTypes: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  zip: 'application/zip',
};

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const invalidAddress = (field: string) =>
  apiError(422, 'validation_error', `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`);

class Refused extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/** A list field (`to`, `cc`, …): one address or an array of them, each well formed. */
function addresses(body: Record<string, unknown>, field: string): string[] | null {
  const value = body[field];
  if (!present(value)) return null;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item): item is string => typeof item === 'string' && isAddress(item.trim()))) throw new Refused(invalidAddress(field));
  if (list.length > maxRecipients) throw new Refused(apiError(422, 'validation_error', `Too many recipients in \`${field}\`: the maximum is ${maxRecipients}.`));
  return list.map((item) => item.trim());
}

function optionalString(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Refused(apiError(422, 'validation_error', `The \`${field}\` field must be a string.`));
  return value;
}

function headers(value: unknown): Record<string, string> | null {
  if (value === undefined || value === null) return null;
  const valid = typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
  if (!valid) throw new Refused(apiError(422, 'validation_error', 'The `headers` field must be an object of string values.'));
  return value as Record<string, string>;
}

function attachments(value: unknown): Attachment[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Refused(apiError(422, 'validation_error', 'The `attachments` field must be an array.'));
  return value.map((item: unknown) => {
    const { filename, content, path, content_type } = (item ?? {}) as Record<string, unknown>;
    if (path !== undefined) throw new Refused(apiError(422, 'invalid_attachment', 'The sandbox is offline and does not fetch `path` attachments: send `content`.'));
    if (typeof content !== 'string' || content === '') throw new Refused(apiError(422, 'invalid_attachment', 'Attachment must have either a `content` or `path`.'));
    if (!base64.test(content)) throw new Refused(apiError(422, 'invalid_attachment', 'Attachment `content` must be base64-encoded.'));
    if (typeof filename !== 'string' || filename.trim() === '') throw new Refused(apiError(422, 'invalid_attachment', 'Attachment must have a `filename`.'));
    const derived = contentTypes[filename.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
    return { filename, content, content_type: typeof content_type === 'string' && content_type !== '' ? content_type : derived };
  });
}

/** Checks a parsed body as Resend does; the first problem found is the answer. */
export function checkSendRequest(body: unknown): { ok: true; message: Accepted } | { ok: false; error: ApiError } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: apiError(422, 'validation_error', 'The body must be a JSON object.') };
  const fields = body as Record<string, unknown>;
  for (const field of ['from', 'to', 'subject']) {
    if (!present(fields[field])) return { ok: false, error: apiError(422, 'missing_required_field', `Missing \`${field}\` field.`) };
  }
  if (!present(fields.html) && !present(fields.text)) return { ok: false, error: apiError(422, 'missing_required_field', 'Missing `html` or `text` field.') };
  try {
    if (typeof fields.from !== 'string' || !isAddress(fields.from.trim())) throw new Refused(invalidAddress('from'));
    const subject = optionalString(fields, 'subject')!;
    return {
      ok: true,
      message: {
        from: fields.from.trim(),
        to: addresses(fields, 'to')!,
        cc: addresses(fields, 'cc'),
        bcc: addresses(fields, 'bcc'),
        reply_to: addresses(fields, 'reply_to'),
        subject,
        html: optionalString(fields, 'html'),
        text: optionalString(fields, 'text'),
        headers: headers(fields.headers),
        attachments: attachments(fields.attachments),
      },
    };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.error };
    throw error;
  }
}
