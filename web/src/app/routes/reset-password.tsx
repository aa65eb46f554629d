import { ResetPasswordCard } from '@/features/auth/components/reset-password-card';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function ResetPasswordRoute() {
  useDocumentMeta({ title: 'Nouveau mot de passe' });
  return (
    <div className="px-4 py-16">
      <ResetPasswordCard />
    </div>
  );
}
