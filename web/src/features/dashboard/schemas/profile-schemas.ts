import * as z from 'zod/mini';

// The spec sets no rule for the name; the field's maxLength matches the database's 200.
export const nameSchema = z.object({ fullName: z.string().check(z.trim()) });

export type NameValues = z.infer<typeof nameSchema>;
