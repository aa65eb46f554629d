import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CaptchaError,
  getCaptchaPass,
  getContactFormToken,
  isCaptchaRequired,
  useContactFormToken,
  useSendContactMessage,
} from '@/features/contact/api/send-contact-message';
import { CaptchaWidget } from '@/features/contact/components/captcha-widget';
import { captchaConfig } from '@/features/contact/lib/captcha-config';
import { contactSchema, type ContactValues } from '@/features/contact/contact-schema';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { isRateLimited, rateLimitedMessage } from '@/lib/rate-limit';
import { toast } from '@/lib/toast-store';

const empty: ContactValues = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const send = useSendContactMessage();
  const formToken = useContactFormToken();
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useForm<ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const [captchaToken, setCaptchaToken] = useState('');
  // A captcha token is single-use: each attempt remounts the widget for a new one.
  const [captchaRound, setCaptchaRound] = useState(0);

  const onSubmit = form.handleSubmit(async (values) => {
    if (captchaConfig && !captchaToken) {
      toast({ variant: 'destructive', title: 'Vérification anti-robot manquante', description: "Veuillez compléter la vérification anti-robot avant d'envoyer votre message." });
      return;
    }
    try {
      const token = formToken.data ?? (await getContactFormToken());
      const captchaPass = captchaConfig ? await getCaptchaPass(captchaToken) : undefined;
      await send.mutateAsync({ values, website: honeypot.current?.value ?? '', formToken: token, captchaPass });
      toast({ title: 'Message envoyé ! ✨', description: 'Merci pour votre message. Nous vous répondrons avec bienveillance très bientôt.' });
      form.reset(empty);
    } catch (error) {
      console.error('Contact message failed:', error);
      if (isRateLimited(error)) {
        toast({ variant: 'destructive', title: 'Veuillez patienter', description: rateLimitedMessage });
        return;
      }
      if (error instanceof CaptchaError) {
        toast({ variant: 'destructive', title: error.title, description: error.description });
        return;
      }
      if (isCaptchaRequired(error)) {
        toast({ variant: 'destructive', title: 'Vérification anti-robot manquante', description: 'Cette page ne propose pas encore la vérification demandée. Rechargez-la, puis renvoyez votre message.' });
        return;
      }
      toast({ variant: 'destructive', title: 'Oh non ! Une erreur est survenue.', description: "Votre message n'a pas pu être envoyé. Veuillez réessayer." });
    } finally {
      if (captchaConfig) {
        setCaptchaToken('');
        setCaptchaRound((round) => round + 1);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Nom" autoComplete="name" required error={errors.name?.message} {...form.register('name')} />
        <InputField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
      </div>
      <InputField label="Sujet" required error={errors.subject?.message} {...form.register('subject')} />
      <TextareaField label="Message" required error={errors.message?.message} {...form.register('message')} />
      {/* A honeypot: hidden from people and assistive technology, filled in by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Site web
          <input ref={honeypot} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {captchaConfig && <CaptchaWidget key={captchaRound} config={captchaConfig} onToken={setCaptchaToken} />}
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
        <Send aria-hidden="true" className="h-4 w-4" />
        Envoyer le message
      </Button>
    </form>
  );
}
