// /dashboard/messages: the customer's private thread with the administrator.
import { useAdminRecipient } from '@/features/chat/api/get-admin-recipient';
import { ThreadPanel } from '@/features/chat/components/thread-panel';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';

export default function CustomerMessagesPage() {
  useDocumentMeta({ title: 'Messages' });
  const { user } = useAuth();
  if (!user) return <Spinner label="Chargement…" />;
  return <CustomerThread userId={user.id} />;
}

function CustomerThread({ userId }: { userId: string }) {
  const recipient = useAdminRecipient();
  const adminName = recipient.data?.full_name ?? 'Administrateur';
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Messages</h1>
        <p className="mt-2 text-mist">Votre conversation privée avec {adminName}.</p>
      </header>
      <ThreadPanel readerId={userId} customerId={userId} receiverId={recipient.data?.id ?? null} otherName={adminName} loading={recipient.isPending} />
    </div>
  );
}
