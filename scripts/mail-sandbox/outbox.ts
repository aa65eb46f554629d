// The mails the sandbox accepted, one JSON file each under dataDir (temp file + rename), so the
// outbox survives a restart, and Resend's idempotency rule: a key seen in the last 24 hours with
// the same body answers the first id again; with another body it is a 409.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiError, type Accepted, type ApiError } from './send-request.ts';

export interface StoredEmail extends Accepted {
  id: string;
  created_at: string;
  idempotency_key: string | null;
  /** SHA-256 of the body sent with the idempotency key, to tell a retry from a reuse. */
  request_hash: string | null;
}

const idempotencyWindowMs = 24 * 60 * 60 * 1000;
const storedFile = /^[0-9a-f-]{36}\.json$/;

function readStored(file: string): StoredEmail {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoredEmail;
  } catch (error) {
    // Writes are atomic, so this is a hand edit: say which file rather than drop a sent mail.
    throw new Error(`mail sandbox: ${file} is not readable JSON (${(error as Error).message}); fix or delete it`);
  }
}

export class Outbox {
  /** Oldest first. */
  private readonly emails: StoredEmail[];
  private readonly byId = new Map<string, StoredEmail>();
  /** The latest mail sent with each idempotency key. */
  private readonly byIdempotencyKey = new Map<string, StoredEmail>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.emails = readdirSync(dir)
      .filter((name) => storedFile.test(name))
      .map((name) => readStored(join(dir, name)))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    for (const email of this.emails) this.index(email);
  }

  private index(email: StoredEmail): void {
    this.byId.set(email.id, email);
    if (email.idempotency_key !== null) this.byIdempotencyKey.set(email.idempotency_key, email);
  }

  /** Stores an accepted message and answers its id; a retried idempotent request answers the first one. */
  send(message: Accepted, idempotency: { key: string; rawBody: string } | null): { id: string; repeated: boolean } | ApiError {
    const requestHash = idempotency ? createHash('sha256').update(idempotency.rawBody).digest('hex') : null;
    if (idempotency) {
      const earlier = this.byIdempotencyKey.get(idempotency.key);
      if (earlier && Date.parse(earlier.created_at) > Date.now() - idempotencyWindowMs) {
        if (earlier.request_hash === requestHash) return { id: earlier.id, repeated: true };
        return apiError(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
      }
    }
    const email: StoredEmail = { ...message, id: randomUUID(), created_at: new Date().toISOString(), idempotency_key: idempotency?.key ?? null, request_hash: requestHash };
    const file = join(this.dir, `${email.id}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(email));
    renameSync(`${file}.tmp`, file);
    this.emails.push(email);
    this.index(email);
    return { id: email.id, repeated: false };
  }

  get(id: string): StoredEmail | undefined {
    return this.byId.get(id);
  }

  newestFirst(): StoredEmail[] {
    return this.emails.toReversed();
  }
}
