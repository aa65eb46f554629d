import { describe, expect, it } from 'vitest';
import { contactSchema } from '@/features/contact/contact-schema';

const messages = (input: unknown) => Object.fromEntries((contactSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('contactSchema', () => {
  it('requires the name, email, subject and message', () => {
    expect(messages({ name: '', email: '', subject: '', message: '   ' })).toEqual({
      name: 'Veuillez saisir votre nom.',
      email: 'Veuillez saisir votre email.',
      subject: 'Veuillez indiquer le sujet de votre message.',
      message: 'Veuillez écrire votre message.',
    });
  });

  it('checks the email shape', () => {
    expect(messages({ name: 'Claire', email: 'claire.example.fr', subject: 'Question', message: 'Bonjour' })).toEqual({
      email: 'Veuillez saisir une adresse email valide.',
    });
  });

  it('accepts a complete message', () => {
    expect(contactSchema.safeParse({ name: 'Claire', email: 'claire@example.fr', subject: 'Question', message: 'Bonjour' }).success).toBe(true);
  });
});
