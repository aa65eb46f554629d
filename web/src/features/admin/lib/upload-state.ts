// The life of one variant's upload on the products page, as a reducer so every step is testable:
// the quick check of the chosen file, the resumable upload (with its progress and the pauses of a
// dropped connection), the server's check and attachment, then done or failed.

export type UploadState =
  | { step: 'idle' }
  | { step: 'checking'; fileName: string }
  | { step: 'uploading'; fileName: string; sent: number; total: number; reconnecting: boolean }
  | { step: 'verifying'; fileName: string }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; fileName: string; title: string; description: string };

export type UploadEvent =
  | { type: 'chosen'; fileName: string }
  | { type: 'refused'; title: string; description: string }
  | { type: 'started'; total: number }
  | { type: 'progress'; sent: number; total: number }
  | { type: 'connection-lost' }
  | { type: 'uploaded' }
  | { type: 'attached' }
  | { type: 'failed'; title: string; description: string }
  | { type: 'dismissed' };

export const idleUpload: UploadState = { step: 'idle' };

const fileNameOf = (state: UploadState) => ('fileName' in state ? state.fileName : '');

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'chosen':
      return { step: 'checking', fileName: event.fileName };
    case 'refused':
    case 'failed':
      return { step: 'failed', fileName: fileNameOf(state), title: event.title, description: event.description };
    case 'started':
      return { step: 'uploading', fileName: fileNameOf(state), sent: 0, total: event.total, reconnecting: false };
    case 'progress':
      // Bytes acknowledged again after a pause: the connection is back.
      return state.step === 'uploading' ? { ...state, sent: event.sent, total: event.total, reconnecting: false } : state;
    case 'connection-lost':
      return state.step === 'uploading' ? { ...state, reconnecting: true } : state;
    case 'uploaded':
      return { step: 'verifying', fileName: fileNameOf(state) };
    case 'attached':
      return { step: 'done', fileName: fileNameOf(state) };
    case 'dismissed':
      return idleUpload;
  }
}

/** Whole percent sent, never 100 before the last byte is acknowledged. */
export function percentSent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return sent >= total ? 100 : Math.min(99, Math.floor((sent / total) * 100));
}

export const isBusy = (state: UploadState) => state.step === 'checking' || state.step === 'uploading' || state.step === 'verifying';
