// The rules of a new password (the profile's security card and the forgotten-password page):
// at least 6 characters, as the auth service requires, and both entries equal; the spec's texts.
import * as z from 'zod/mini';

export const PASSWORD_MIN_LENGTH = 6;

export const passwordSchema = z
  .object({
    newPassword: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, 'Le mot de passe doit contenir au moins 6 caractères.')),
    confirmPassword: z.string(),
  })
  // A plain check function rather than z.refine: zod's core already handles these, while
  // z.refine would add its code to the zod chunk that the home page loads for the env check.
  .check((payload) => {
    if (payload.value.newPassword === payload.value.confirmPassword) return;
    payload.issues.push({
      code: 'custom',
      message: 'Les mots de passe ne correspondent pas.',
      path: ['confirmPassword'],
      input: payload.value.confirmPassword,
    });
  });

export type PasswordValues = z.infer<typeof passwordSchema>;
