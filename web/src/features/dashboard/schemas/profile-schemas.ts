import * as z from 'zod/mini';

// The spec sets no rule for the name; the field's maxLength matches the database's 200.
export const nameSchema = z.object({ fullName: z.string().check(z.trim()) });

export type NameValues = z.infer<typeof nameSchema>;

// « Supprimer mon compte »: the current password (checked by the server), and the customer's
// explicit confirmation that the erasure is final.
export const deleteAccountSchema = z.object({
  password: z.string().check(z.minLength(1, 'Veuillez saisir votre mot de passe.')),
  confirmed: z.boolean().check(z.refine((value) => value, 'Veuillez confirmer la suppression de votre compte.')),
});

export type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;
