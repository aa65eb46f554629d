// « Supprimer mon compte »: the customer opens the form, re-enters their password and confirms;
// the server checks the password and erases the account, then the browser signs out and goes
// home. A refusal (wrong password, …) is shown in the form, in the server's own French words.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useDeleteAccount } from '@/features/dashboard/api/delete-account';
import { deleteAccountMessage, type DeleteAccountMessage } from '@/features/dashboard/lib/delete-account-errors';
import { deleteAccountSchema, type DeleteAccountValues } from '@/features/dashboard/schemas/profile-schemas';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/lib/toast-store';

const empty: DeleteAccountValues = { password: '', confirmed: false };

export function DeleteAccountForm() {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold text-plum-900">Supprimer mon compte</h3>
      <p className="text-mist">
        La suppression est définitive : votre profil, vos messages et votre historique de téléchargements sont effacés, et vous n’aurez plus
        accès à votre bibliothèque. Vos commandes et factures sont conservées dix ans, sans lien avec votre compte, comme la loi l’exige.
      </p>
      {open ? (
        <ConfirmDeletion onCancel={() => setOpen(false)} />
      ) : (
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Supprimer mon compte
        </Button>
      )}
    </div>
  );
}

function ConfirmDeletion({ onCancel }: { onCancel: () => void }) {
  const [, navigate] = useLocation();
  const erase = useDeleteAccount();
  const [refusal, setRefusal] = useState<DeleteAccountMessage | null>(null);
  const form = useForm<DeleteAccountValues>({ resolver: zodResolver(deleteAccountSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const confirmId = useId();

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setRefusal(null);
    try {
      await erase.mutateAsync(password);
      toast({ title: 'Votre compte a été supprimé.', description: 'Merci pour le chemin parcouru ensemble.' });
      navigate('/');
    } catch (error) {
      console.error('Deleting the account failed:', error);
      setRefusal(await deleteAccountMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Supprimer mon compte" className="space-y-5 rounded-2xl border border-red-200 bg-red-50/40 p-5">
      <InputField label="Mot de passe actuel" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <div className="space-y-1.5">
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-red-700"
            aria-invalid={errors.confirmed ? true : undefined}
            aria-describedby={errors.confirmed ? confirmId : undefined}
            {...form.register('confirmed')}
          />
          Je comprends que la suppression de mon compte est définitive.
        </label>
        {errors.confirmed ? (
          <p id={confirmId} role="alert" className="text-sm text-red-700">
            {errors.confirmed.message}
          </p>
        ) : null}
      </div>
      {refusal ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-white p-4 text-sm text-red-800">
          <p className="font-semibold">{refusal.title}</p>
          <p>{refusal.description}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="destructive" disabled={isSubmitting} aria-busy={isSubmitting}>
          Supprimer définitivement mon compte
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
