import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { AuthCard } from '@/features/auth/components/auth-card';
import { forgotPasswordSchema, type ForgotPasswordValues } from '@/features/auth/schemas/auth-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { authFailureMessage } from '@/lib/rate-limit';
import { toast } from '@/lib/toast-store';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Erreur', description: authFailureMessage(error, 'Un problème est survenu. Veuillez réessayer.') });
    }
  });

  return (
    <AuthCard
      title="Mot de passe oublié"
      subtitle="Indiquez votre email : nous vous enverrons un lien pour choisir un nouveau mot de passe."
      footer={
        <>
          Vous vous en souvenez ?{' '}
          <Link to="/login" className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Connexion
          </Link>
        </>
      }
    >
      {request.isSuccess ? (
        <p role="status" className="rounded-2xl bg-plum-50 p-4 text-center text-plum-900">
          Si un compte existe pour cette adresse, un email vient de vous être envoyé. Suivez le lien qu'il contient pour choisir un nouveau mot de
          passe.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <InputField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
            Envoyer le lien
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
