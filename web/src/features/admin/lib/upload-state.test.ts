import { describe, expect, it } from 'vitest';
import { idleUpload, isBusy, percentSent, uploadReducer, type UploadEvent, type UploadState } from '@/features/admin/lib/upload-state';

const run = (...events: UploadEvent[]): UploadState => events.reduce(uploadReducer, idleUpload);

describe('uploadReducer', () => {
  it('goes from the chosen file through the upload and the server check to done', () => {
    expect(run({ type: 'chosen', fileName: 'rituel.mp4' })).toEqual({ step: 'checking', fileName: 'rituel.mp4' });
    expect(run({ type: 'chosen', fileName: 'rituel.mp4' }, { type: 'started', total: 100 })).toEqual({
      step: 'uploading',
      fileName: 'rituel.mp4',
      sent: 0,
      total: 100,
      reconnecting: false,
    });
    const uploading = run({ type: 'chosen', fileName: 'rituel.mp4' }, { type: 'started', total: 100 }, { type: 'progress', sent: 40, total: 100 });
    expect(uploading).toMatchObject({ step: 'uploading', sent: 40 });
    expect(uploadReducer(uploading, { type: 'uploaded' })).toEqual({ step: 'verifying', fileName: 'rituel.mp4' });
    expect(run({ type: 'chosen', fileName: 'rituel.mp4' }, { type: 'started', total: 1 }, { type: 'uploaded' }, { type: 'attached' })).toEqual({
      step: 'done',
      fileName: 'rituel.mp4',
    });
  });

  it('shows a dropped connection, then clears it when bytes are acknowledged again', () => {
    const lost = run({ type: 'chosen', fileName: 'v.webm' }, { type: 'started', total: 100 }, { type: 'progress', sent: 30, total: 100 }, { type: 'connection-lost' });
    expect(lost).toMatchObject({ step: 'uploading', sent: 30, reconnecting: true });
    expect(uploadReducer(lost, { type: 'progress', sent: 36, total: 100 })).toMatchObject({ sent: 36, reconnecting: false });
  });

  it('keeps the refusal in French with the file name, and is dismissed back to idle', () => {
    const refused = run({ type: 'chosen', fileName: 'faux.pdf' }, { type: 'refused', title: 'Format de fichier non pris en charge', description: '…' });
    expect(refused).toEqual({ step: 'failed', fileName: 'faux.pdf', title: 'Format de fichier non pris en charge', description: '…' });
    expect(isBusy(refused)).toBe(false);
    expect(uploadReducer(refused, { type: 'dismissed' })).toEqual(idleUpload);
  });

  it('ignores progress that arrives outside an upload', () => {
    const verifying = run({ type: 'chosen', fileName: 'a.pdf' }, { type: 'started', total: 10 }, { type: 'uploaded' });
    expect(uploadReducer(verifying, { type: 'progress', sent: 10, total: 10 })).toBe(verifying);
    expect(uploadReducer(verifying, { type: 'connection-lost' })).toBe(verifying);
  });

  it('is busy from the check until the server has answered', () => {
    expect(isBusy(run({ type: 'chosen', fileName: 'a' }))).toBe(true);
    expect(isBusy(run({ type: 'chosen', fileName: 'a' }, { type: 'started', total: 1 }))).toBe(true);
    expect(isBusy(run({ type: 'chosen', fileName: 'a' }, { type: 'started', total: 1 }, { type: 'uploaded' }))).toBe(true);
    expect(isBusy(idleUpload)).toBe(false);
  });
});

describe('percentSent', () => {
  it('is a whole percent that reaches 100 only with the last byte', () => {
    expect(percentSent(0, 0)).toBe(0);
    expect(percentSent(1, 3)).toBe(33);
    expect(percentSent(999, 1000)).toBe(99);
    expect(percentSent(1000, 1000)).toBe(100);
  });
});
