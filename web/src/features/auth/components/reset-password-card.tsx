import { Link, useLocation } from 'wouter';
import { useRecoverySession } from '@/features/auth/api/get-recovery-session';
import { AuthCard } from '@/features/auth/components/auth-card';
import { PasswordForm } from '@/components/password-form';
import { Spinner } from '@/components/ui/spinner';

/** Where the recovery mail's link lands: signed in by the link, the customer sets a new password. */
export function ResetPasswordCard() {
  const [, navigate] = useLocation();
  const recovery = useRecoverySession();

  if (recovery.isPending) {
    return (
      <div className="flex min-h-[30vh] items-center justify-center">
        <Spinner label="Chargement…" />
      </div>
    );
  }

  if (!recovery.data) {
    return (
      <AuthCard title="Lien expiré" subtitle="Ce lien est invalide ou a expiré." footer={null}>
        <p className="text-center">
          <Link to="/forgot-password" className="font-semibold text-plum-700 underline-offset-4 hover:underline">
            Demander un nouveau lien
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Nouveau mot de passe" subtitle="Choisissez le nouveau mot de passe de votre compte." footer={null}>
      <PasswordForm onChanged={() => navigate('/dashboard/profile', { replace: true })} />
    </AuthCard>
  );
}
