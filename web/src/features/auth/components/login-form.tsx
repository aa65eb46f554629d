import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSignIn } from '@/features/auth/api/sign-in';
import { AuthCard } from '@/features/auth/components/auth-card';
import { loginErrorMessage } from '@/features/auth/lib/login-error';
import { rememberedPath } from '@/features/auth/lib/remembered-path';
import { loginSchema, type LoginValues } from '@/features/auth/schemas/auth-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { isAdmin } = await signIn.mutateAsync(values);
      toast({ title: 'Connexion réussie ! 🎉', description: 'Heureux de vous retrouver sur votre chemin de lumière.' });
      navigate(rememberedPath(location.state) ?? (isAdmin ? '/admin/messages' : '/profile'), { replace: true });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Échec de la connexion', description: loginErrorMessage(error as Error) });
    }
  });

  return (
    <AuthCard
      title="Connexion"
      subtitle="Retrouvez vos enseignements et votre espace personnel."
      footer={
        <>
          Pas encore de compte ?{' '}
          <Link to="/register" state={location.state} className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Inscription
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <InputField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <InputField label="Mot de passe" type="password" autoComplete="current-password" required error={errors.password?.message} {...form.register('password')} />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Mot de passe oublié ?
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          Se connecter
        </Button>
      </form>
    </AuthCard>
  );
}
