import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSendContactMessage } from '@/features/contact/api/send-contact-message';
import { contactSchema, type ContactValues } from '@/features/contact/contact-schema';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

const empty: ContactValues = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: 'Message envoyé ! ✨', description: 'Merci pour votre message. Nous vous répondrons avec bienveillance très bientôt.' });
      form.reset(empty);
    } catch (error) {
      console.error('Contact message failed:', error);
      toast({ variant: 'destructive', title: 'Oh non ! Une erreur est survenue.', description: "Votre message n'a pas pu être envoyé. Veuillez réessayer." });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Nom" autoComplete="name" required error={errors.name?.message} {...form.register('name')} />
        <InputField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
      </div>
      <InputField label="Sujet" required error={errors.subject?.message} {...form.register('subject')} />
      <TextareaField label="Message" required error={errors.message?.message} {...form.register('message')} />
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
        <Send aria-hidden="true" className="h-4 w-4" />
        Envoyer le message
      </Button>
    </form>
  );
}
