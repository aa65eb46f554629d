import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useSignUp } from '@/features/auth/api/sign-up';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResendConfirmation } from '@/features/auth/components/resend-confirmation';
import { registerSchema, type RegisterValues } from '@/features/auth/schemas/auth-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { authFailureMessage } from '@/lib/rate-limit';
import { toast } from '@/lib/toast-store';

export function RegisterForm() {
  const [, navigate] = useLocation();
  const historyState = useHistoryState();
  const signUp = useSignUp();
  const form = useForm<RegisterValues>({ resolver: zodResolver(registerSchema), defaultValues: { fullName: '', email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  /** The address waiting for its confirmation, once signed up. */
  const [awaiting, setAwaiting] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { session } = await signUp.mutateAsync(values);
      toast({ title: 'Inscription réussie ! 🎉', description: 'Veuillez vérifier votre email pour confirmer votre compte.' });
      // A project that confirms sign-ups at once has nothing to wait for.
      if (session) {
        // Keeps a remembered destination (e.g. a pending checkout) for the login that follows.
        navigate('/login', { state: historyState });
        return;
      }
      setAwaiting(values.email);
    } catch (error) {
      toast({ variant: 'destructive', title: "Échec de l'inscription", description: authFailureMessage(error, 'Un problème est survenu. Veuillez réessayer.') });
    }
  });

  return (
    <AuthCard
      title="Inscription"
      subtitle="Rejoignez la communauté Lumière Sacrée."
      footer={
        <>
          Déjà membre ?{' '}
          <Link to="/login" state={historyState} className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Connexion
          </Link>
        </>
      }
    >
      {awaiting ? (
        <ResendConfirmation email={awaiting}>
          <p className="text-lg font-semibold">Vérifiez votre boîte email</p>
          <p>
            Nous avons envoyé un lien de confirmation à <strong>{awaiting}</strong>. Suivez-le pour activer votre compte : vous serez connecté(e)
            aussitôt.
          </p>
        </ResendConfirmation>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <InputField label="Nom complet" autoComplete="name" required error={errors.fullName?.message} {...form.register('fullName')} />
          <InputField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          <InputField
            label="Mot de passe"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
            Créer mon compte
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
