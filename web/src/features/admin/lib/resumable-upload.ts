// A deliverable goes to the private bucket by Storage's resumable upload (TUS), as Supabase's
// guide does with tus-js-client: 6 MB chunks (the size hosted Storage requires), a fresh access
// token on every request (a long video outlives a token), retries while the connection is down,
// and the upload's address kept in local storage, so choosing the same file again for the same
// variant resumes where it stopped, even after a reload. tus-js-client loads with this page only.
import { env } from '@/config/env';
import { deliverablePath, isUploadOf } from '@/features/admin/lib/deliverable-path';

export const chunkSize = 6 * 1024 * 1024;

/** About three minutes of retries: long enough for a train tunnel, short enough to say so. */
const retryDelays = [0, 1000, 2000, 3000, 5000, 5000, 10_000, 10_000, 20_000, 30_000, 30_000, 60_000];

export interface ResumableUpload {
  /** Where the bytes go (a resumed upload keeps the path it started with). */
  objectPath: string;
  /** Settles when Storage has every byte. */
  done: Promise<void>;
  abort(): void;
}

export interface ResumableUploadOptions {
  file: File;
  variantId: string;
  /** What the bytes are (the page's check), stored as the object's type. */
  contentType: string;
  accessToken(): Promise<string>;
  onProgress(sent: number, total: number): void;
  onConnectionLost(): void;
}

/** Network failures and the server's passing troubles are retried; a refusal (4xx) is final. */
function retryable(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

export async function startResumableUpload(options: ResumableUploadOptions): Promise<ResumableUpload> {
  const { Upload } = await import('tus-js-client');
  let resolveDone!: () => void;
  let rejectDone!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });

  const metadata = {
    bucketName: 'deliverables',
    objectName: deliverablePath(options.variantId, options.file.name, crypto.randomUUID()),
    contentType: options.contentType,
    cacheControl: '3600',
  };
  const upload = new Upload(options.file, {
    endpoint: `${env.VITE_SUPABASE_URL}/storage/v1/upload/resumable`,
    chunkSize,
    retryDelays,
    metadata,
    headers: { apikey: env.VITE_SUPABASE_PUBLISHABLE_KEY, 'x-upsert': 'false' },
    // Storage's TUS server creates first, then takes the bytes by PATCH.
    uploadDataDuringCreation: false,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: async (request) => request.setHeader('Authorization', `Bearer ${await options.accessToken()}`),
    onProgress: options.onProgress,
    onShouldRetry: (error) => {
      const retry = retryable(error.originalResponse?.getStatus() ?? 0);
      if (retry) options.onConnectionLost();
      return retry;
    },
    onSuccess: () => resolveDone(),
    onError: (error) => rejectDone(error),
  });

  // The same file chosen again for the same variant picks up its unfinished upload.
  const previous = (await upload.findPreviousUploads()).find((candidate) => isUploadOf(candidate.metadata.objectName ?? '', options.variantId));
  if (previous) {
    metadata.objectName = previous.metadata.objectName!;
    upload.resumeFromPreviousUpload(previous);
  }
  upload.start();
  return { objectPath: metadata.objectName, done, abort: () => void upload.abort() };
}
