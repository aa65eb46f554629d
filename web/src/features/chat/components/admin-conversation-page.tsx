// /admin/conversations/:customerId: the administrator reads and answers one customer, live.
import { ArrowLeft } from 'lucide-react';
import { Link, Redirect, useParams } from 'wouter';
import { useCustomer } from '@/features/chat/api/get-customer';
import { ThreadPanel } from '@/features/chat/components/thread-panel';
import { customerName } from '@/features/chat/lib/customer-name';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';

// The id goes into a PostgREST filter: anything but a UUID is not a customer.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function AdminConversationPage() {
  const { customerId = '' } = useParams();
  const { user } = useAuth();
  if (!uuid.test(customerId)) return <Redirect to="/admin/conversations" replace />;
  if (!user) return <Spinner label="Chargement…" />;
  return <CustomerConversation key={customerId} adminId={user.id} customerId={customerId} />;
}

function CustomerConversation({ adminId, customerId }: { adminId: string; customerId: string }) {
  const customer = useCustomer(customerId);
  // No profile: the customer erased their account, and their messages with it.
  const erased = customer.isSuccess && customer.data === null;
  const name = erased ? 'Client supprimé' : customerName({ full_name: customer.data?.full_name });
  useDocumentMeta({ title: name });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/admin/conversations" className="inline-flex items-center gap-2 text-sm font-medium text-plum-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Toutes les conversations
      </Link>
      <h1 className="text-4xl font-semibold text-plum-900">{customer.isPending ? 'Conversation' : name}</h1>
      {erased ? (
        <p className="rounded-3xl border border-plum-100 bg-white p-10 text-center text-mist">
          Ce client a supprimé son compte : ses messages ont été effacés.
        </p>
      ) : (
        <ThreadPanel readerId={adminId} customerId={customerId} receiverId={customerId} otherName={name} />
      )}
    </div>
  );
}
