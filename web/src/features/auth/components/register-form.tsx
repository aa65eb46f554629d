import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSignUp } from '@/features/auth/api/sign-up';
import { AuthCard } from '@/features/auth/components/auth-card';
import { registerSchema, type RegisterValues } from '@/features/auth/schemas/auth-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { authFailureMessage } from '@/lib/rate-limit';
import { toast } from '@/lib/toast-store';

export function RegisterForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const signUp = useSignUp();
  const form = useForm<RegisterValues>({ resolver: zodResolver(registerSchema), defaultValues: { fullName: '', email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      toast({ title: 'Inscription réussie ! 🎉', description: 'Veuillez vérifier votre email pour confirmer votre compte.' });
      // Keeps a remembered destination (e.g. a pending checkout) for the login that follows.
      navigate('/login', { state: location.state });
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
          <Link to="/login" state={location.state} className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Connexion
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <InputField label="Nom complet" autoComplete="name" required error={errors.fullName?.message} {...form.register('fullName')} />
        <InputField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <InputField label="Mot de passe" type="password" autoComplete="new-password" required error={errors.password?.message} {...form.register('password')} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          Créer mon compte
        </Button>
      </form>
    </AuthCard>
  );
}
