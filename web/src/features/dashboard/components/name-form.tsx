import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useUpdateName } from '@/features/dashboard/api/update-name';
import { nameSchema, type NameValues } from '@/features/dashboard/schemas/profile-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

interface NameFormProps {
  userId: string;
  email: string;
  /** The saved name. */
  fullName: string;
}

export function NameForm({ userId, email, fullName }: NameFormProps) {
  const update = useUpdateName();
  // The field follows the saved name (it loads after the page) unless the user is editing it.
  const form = useForm<NameValues>({ resolver: zodResolver(nameSchema), values: { fullName }, resetOptions: { keepDirtyValues: true } });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ userId, fullName: values.fullName });
      toast({ title: 'Votre nom a été mis à jour.' });
    } catch (error) {
      console.error('Updating the name failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: (error as Error).message || 'Impossible de mettre à jour le nom.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <InputField label="Email" type="email" value={email} readOnly className="bg-sand/60 text-mist" />
      <InputField label="Nom complet" autoComplete="name" maxLength={200} {...form.register('fullName')} />
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        Mettre à jour
      </Button>
    </form>
  );
}
