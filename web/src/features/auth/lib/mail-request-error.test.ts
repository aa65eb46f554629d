import { describe, expect, it } from 'vitest';
import { mailRequestErrorMessage } from '@/features/auth/lib/mail-request-error';

describe('mailRequestErrorMessage', () => {
  it("asks to wait when GoTrue's per-address interval refuses the mail", () => {
    expect(
      mailRequestErrorMessage({
        code: 'over_email_send_rate_limit',
        message: 'For security purposes, you can only request this after 59 seconds.',
      }),
    ).toBe("Un email vient déjà de vous être envoyé. Veuillez patienter une minute avant d'en demander un autre.");
  });

  it("says « Trop de tentatives » for the project's hourly mail limit and the address's request limit", () => {
    const tooMany = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
    expect(mailRequestErrorMessage({ code: 'over_email_send_rate_limit', message: 'email rate limit exceeded', status: 429 })).toBe(tooMany);
    expect(mailRequestErrorMessage({ code: 'over_request_rate_limit', message: 'Request rate limit reached', status: 429 })).toBe(tooMany);
  });

  it("shows any other error's own message, or a default", () => {
    expect(
      mailRequestErrorMessage({
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      }),
    ).toBe('Unable to validate email address: invalid format');
    expect(mailRequestErrorMessage({ message: '' })).toBe('Un problème est survenu. Veuillez réessayer.');
    expect(mailRequestErrorMessage(undefined)).toBe('Un problème est survenu. Veuillez réessayer.');
  });
});
