import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function ForgotPasswordRoute() {
  useDocumentMeta({ title: 'Mot de passe oublié' });
  return (
    <div className="px-4 py-16">
      <ForgotPasswordForm />
    </div>
  );
}
