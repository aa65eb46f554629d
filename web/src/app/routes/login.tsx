import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function LoginRoute() {
  useDocumentMeta({ title: 'Connexion' });
  return (
    <div className="px-4 py-16">
      <LoginForm />
    </div>
  );
}
