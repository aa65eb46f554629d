// The new-password form of the profile and of the forgotten-password page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { useChangePassword } from '@/lib/change-password';
import { passwordSchema, type PasswordValues } from '@/lib/password-rules';
import { authFailureMessage } from '@/lib/rate-limit';
import { toast } from '@/lib/toast-store';

const empty: PasswordValues = { newPassword: '', confirmPassword: '' };

/** A new password, typed twice; `onChanged` runs once the auth service has stored it. */
export function PasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const change = useChangePassword();
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await change.mutateAsync(newPassword);
      form.reset(empty);
      toast({ title: 'Votre mot de passe a été changé.' });
      onChanged?.();
    } catch (error) {
      console.error('Changing the password failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: authFailureMessage(error, 'Impossible de changer le mot de passe.') });
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
