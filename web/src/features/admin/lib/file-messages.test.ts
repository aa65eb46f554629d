import { describe, expect, it } from 'vitest';
import { attachFailed, attachFailureMessage, FileActionError, messageOf, uploadFailureMessage, uploadInterrupted, uploadRefused } from '@/features/admin/lib/file-messages';

describe('file messages', () => {
  it('shows attach-deliverable’s own French message and detail', () => {
    const body = { error: { code: 'unsupported_file', message: 'Format de fichier non pris en charge', detail: 'Ce fichier n’est ni un PDF…' } };
    expect(attachFailureMessage(body)).toEqual({ title: 'Format de fichier non pris en charge', description: 'Ce fichier n’est ni un PDF…' });
    expect(attachFailureMessage({ error: { code: 'internal_error', message: 'Unexpected failure' } })).toBe(attachFailed);
    expect(attachFailureMessage(null)).toBe(attachFailed);
  });

  it('tells a refusal of the upload from a connection lost too long', () => {
    expect(uploadFailureMessage(413)).toBe(uploadRefused);
    expect(uploadFailureMessage(0)).toBe(uploadInterrupted);
    expect(uploadFailureMessage(502)).toBe(uploadInterrupted);
  });

  it('uses an error’s own sentence, else the fallback', () => {
    expect(messageOf(new FileActionError(uploadRefused), attachFailed)).toBe(uploadRefused);
    expect(messageOf(new Error('boom'), attachFailed)).toBe(attachFailed);
  });
});
