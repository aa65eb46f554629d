import * as z from 'zod/mini';
import { requiredEmail, requiredText } from '@/lib/form-rules';

const email = requiredEmail('Veuillez saisir votre email.', 'Veuillez saisir une adresse email valide.');

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Veuillez saisir votre mot de passe.')),
});

export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  fullName: requiredText('Veuillez saisir votre nom complet.'),
  email,
  // The auth service refuses shorter passwords; saying so here spares an English server error.
  password: z.string().check(
    z.minLength(1, { error: 'Veuillez saisir un mot de passe.', abort: true }),
    z.minLength(6, 'Le mot de passe doit contenir au moins 6 caractères.'),
  ),
});

export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });

export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
