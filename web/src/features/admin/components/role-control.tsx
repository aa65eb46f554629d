// Grants or revokes an account's administrator role, after a confirmation; a refusal (the last
// administrator, for one) shows in French where the button was.
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '@/features/admin/api/get-users';
import { useSetUserRole } from '@/features/admin/api/set-user-role';
import { roleChangeErrorMessage, type AccountRole } from '@/features/admin/lib/account-role';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast-store';

export function RoleControl({ account }: { account: AdminUser }) {
  const { user } = useAuth();
  const setRole = useSetUserRole();
  const [confirming, setConfirming] = useState(false);
  const isAdmin = account.role === 'admin';
  const isSelf = account.id === user?.id;
  const target: AccountRole = isAdmin ? 'customer' : 'admin';
  const name = account.full_name || account.email || 'ce compte';

  const confirm = () => {
    setConfirming(false);
    setRole.mutate(
      { userId: account.id, role: target },
      { onSuccess: () => toast({ title: isAdmin ? `${name} n'est plus administrateur.` : `${name} est maintenant administrateur.` }) },
    );
  };

  return (
    <section aria-labelledby="account-role-title" className="space-y-3 rounded-2xl border border-plum-100 bg-white p-4">
      <h3 id="account-role-title" className="text-lg font-semibold text-plum-900">
        Rôle
      </h3>
      <p className="text-sm text-mist">
        {isAdmin
          ? isSelf
            ? "Vous êtes administrateur. En retirant votre rôle, vous quitterez l'administration."
            : "Ce compte est administrateur : il a accès à toute l'administration."
          : "Ce compte est client. Un administrateur a accès à toute l'administration."}
      </p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-plum-900">
            {isAdmin ? `Retirer le rôle d'administrateur à ${isSelf ? 'vous-même' : name} ?` : `Nommer ${name} administrateur ?`}
          </p>
          <Button size="sm" variant={isAdmin ? 'destructive' : 'primary'} onClick={confirm}>
            Confirmer
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Annuler
          </Button>
        </div>
      ) : (
        <Button
          size="sm"
          variant={isAdmin ? 'outline' : 'primary'}
          disabled={setRole.isPending}
          aria-busy={setRole.isPending}
          onClick={() => {
            setRole.reset();
            setConfirming(true);
          }}
        >
          {isAdmin ? <ShieldOff aria-hidden="true" className="h-4 w-4" /> : <ShieldCheck aria-hidden="true" className="h-4 w-4" />}
          {isAdmin ? "Retirer le rôle d'administrateur" : 'Nommer administrateur'}
        </Button>
      )}
      {setRole.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {roleChangeErrorMessage(setRole.error)}
        </p>
      ) : null}
    </section>
  );
}
