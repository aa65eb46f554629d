import * as z from 'zod/mini';
import { requiredEmail, requiredText } from '@/lib/form-rules';

export const contactSchema = z.object({
  name: requiredText('Veuillez saisir votre nom.'),
  email: requiredEmail('Veuillez saisir votre email.', 'Veuillez saisir une adresse email valide.'),
  subject: requiredText('Veuillez indiquer le sujet de votre message.'),
  message: requiredText('Veuillez écrire votre message.'),
});

export type ContactValues = z.infer<typeof contactSchema>;
