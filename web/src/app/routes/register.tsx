import { RegisterForm } from '@/features/auth/components/register-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export default function RegisterRoute() {
  useDocumentMeta({ title: 'Inscription' });
  return (
    <div className="px-4 py-16">
      <RegisterForm />
    </div>
  );
}
