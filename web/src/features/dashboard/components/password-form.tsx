import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '@/features/dashboard/api/change-password';
import { passwordSchema, type PasswordValues } from '@/features/dashboard/schemas/profile-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

const empty: PasswordValues = { newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await change.mutateAsync(newPassword);
      form.reset(empty);
      toast({ title: 'Votre mot de passe a été changé.' });
    } catch (error) {
      console.error('Changing the password failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: (error as Error).message || 'Impossible de changer le mot de passe.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <InputField label="Nouveau mot de passe" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register('newPassword')} />
      <InputField label="Confirmer le mot de passe" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        Changer le mot de passe
      </Button>
    </form>
  );
}
