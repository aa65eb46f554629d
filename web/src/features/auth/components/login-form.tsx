import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useSendMagicLink } from '@/features/auth/api/magic-link';
import { useSignIn } from '@/features/auth/api/sign-in';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResendConfirmation } from '@/features/auth/components/resend-confirmation';
import { useEmailLinkSignIn } from '@/features/auth/hooks/use-email-link-sign-in';
import { loginErrorMessage } from '@/features/auth/lib/login-error';
import { mailRequestErrorMessage } from '@/features/auth/lib/mail-request-error';
import { rememberedPath } from '@/features/auth/lib/remembered-path';
import { loginSchema, type LoginValues } from '@/features/auth/schemas/auth-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

export function LoginForm() {
  const [, navigate] = useLocation();
  const historyState = useHistoryState();
  const signIn = useSignIn();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const sendMagicLink = useSendMagicLink();
  /** The address that tried to sign in before confirming, offered a new confirmation mail. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  const goOn = useCallback(
    (isAdmin: boolean) => navigate(rememberedPath(historyState) ?? (isAdmin ? '/admin/messages' : '/profile'), { replace: true }),
    [navigate, historyState],
  );
  useEmailLinkSignIn(goOn);

  const onSubmit = form.handleSubmit(async (values) => {
    setUnconfirmed(null);
    try {
      const { isAdmin } = await signIn.mutateAsync(values);
      toast({ title: 'Connexion réussie ! 🎉', description: 'Heureux de vous retrouver sur votre chemin de lumière.' });
      goOn(isAdmin);
    } catch (error) {
      if ((error as { code?: string }).code === 'email_not_confirmed') setUnconfirmed(values.email);
      toast({ variant: 'destructive', title: 'Échec de la connexion', description: loginErrorMessage(error as Error) });
    }
  });

  // The second way in: a sign-in link mailed to the address typed above, no password needed.
  const onMagicLink = async () => {
    if (!(await form.trigger('email'))) return;
    const email = form.getValues('email');
    try {
      await sendMagicLink.mutateAsync(email);
      setLinkSentTo(email);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: "Le lien n'a pas pu être envoyé",
        description: mailRequestErrorMessage(error as { code?: string; message?: string }),
      });
    }
  };

  return (
    <AuthCard
      title="Connexion"
      subtitle="Retrouvez vos enseignements et votre espace personnel."
      footer={
        <>
          Pas encore de compte ?{' '}
          <Link to="/register" state={historyState} className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Inscription
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <InputField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <InputField
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Mot de passe oublié ?
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          Se connecter
        </Button>
      </form>
      {unconfirmed && (
        <div className="mt-6">
          <ResendConfirmation email={unconfirmed}>
            <p>Veuillez confirmer votre email avant de vous connecter.</p>
            <p className="text-sm">Vous n'avez rien reçu à {unconfirmed} ? Nous pouvons vous envoyer un nouveau lien.</p>
          </ResendConfirmation>
        </div>
      )}
      <div className="mt-6 space-y-3 border-t border-plum-100 pt-6 text-center">
        {linkSentTo ? (
          <p role="status" className="rounded-2xl bg-plum-50 p-4 text-plum-900">
            Si un compte existe pour {linkSentTo}, un lien de connexion vient de lui être envoyé. Il est valable une heure.
          </p>
        ) : (
          <>
            <p className="text-sm text-mist">Ou, sans mot de passe :</p>
            <Button
              type="button"
              variant="outline"
              className="w-full"
              onClick={onMagicLink}
              disabled={sendMagicLink.isPending}
              aria-busy={sendMagicLink.isPending}
            >
              Recevoir un lien de connexion par email
            </Button>
          </>
        )}
      </div>
    </AuthCard>
  );
}
