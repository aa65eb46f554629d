// /dashboard/profile: the e-mail (read only), the name, a new password, and the customer's RGPD
// rights: a copy of their data, and the erasure of their account.
import { KeyRound, ShieldCheck, UserRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useProfileName } from '@/features/dashboard/api/get-profile';
import { DeleteAccountForm } from '@/features/dashboard/components/delete-account-form';
import { NameForm } from '@/features/dashboard/components/name-form';
import { PersonalDataExport } from '@/features/dashboard/components/personal-data-export';
import { PasswordForm } from '@/components/password-form';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';

export default function ProfilePage() {
  useDocumentMeta({ title: 'Mon Profil' });
  const { user } = useAuth();
  if (!user) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Chargement…" />
      </div>
    );
  }
  return <Profile userId={user.id} email={user.email ?? ''} metadataName={(user.user_metadata.full_name as string | undefined) ?? ''} />;
}

function Profile({ userId, email, metadataName }: { userId: string; email: string; metadataName: string }) {
  const profileName = useProfileName(userId);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Mon Profil</h1>
        <p className="mt-2 text-mist">Gérez vos informations personnelles et la sécurité de votre compte.</p>
      </header>
      <Card title="Informations personnelles" icon={<UserRound aria-hidden="true" className="h-5 w-5 text-gold-500" />}>
        <NameForm userId={userId} email={email} fullName={profileName.data ?? metadataName} />
      </Card>
      <Card title="Sécurité" icon={<KeyRound aria-hidden="true" className="h-5 w-5 text-gold-500" />}>
        <PasswordForm />
      </Card>
      <Card title="Mes données" icon={<ShieldCheck aria-hidden="true" className="h-5 w-5 text-gold-500" />}>
        <div className="space-y-8">
          <PersonalDataExport />
          <DeleteAccountForm />
        </div>
      </Card>
    </div>
  );
}

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="mb-6 flex items-center gap-3 text-2xl font-semibold text-plum-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
