// /admin/conversations/:customerId: the administrator reads and answers one customer, live.
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useCustomer } from '@/features/chat/api/get-customer';
import { useThread } from '@/features/chat/api/get-thread';
import { useSendMessage } from '@/features/chat/api/send-message';
import { MessageComposer } from '@/features/chat/components/message-composer';
import { MessageList } from '@/features/chat/components/message-list';
import { useMarkThreadRead } from '@/features/chat/hooks/use-mark-thread-read';
import { customerName } from '@/features/chat/lib/customer-name';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast-store';

// The id goes into a PostgREST filter: anything but a UUID is not a customer.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function AdminConversationPage() {
  const { customerId = '' } = useParams();
  const { user } = useAuth();
  if (!uuid.test(customerId)) return <Navigate to="/admin/conversations" replace />;
  if (!user) return <Spinner label="Chargement…" />;
  return <CustomerConversation key={customerId} adminId={user.id} customerId={customerId} />;
}

function CustomerConversation({ adminId, customerId }: { adminId: string; customerId: string }) {
  const thread = useThread(customerId);
  const customer = useCustomer(customerId);
  const send = useSendMessage();
  useMarkThreadRead({ readerId: adminId, customerId, senderId: customerId, messages: thread.data });
  const name = customerName({ full_name: customer.data?.full_name });
  useDocumentMeta({ title: name });

  useEffect(() => {
    if (thread.isError) {
      console.error('Loading the thread failed:', thread.error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de charger les messages.' });
    }
  }, [thread.isError, thread.error]);

  const onSend = async (content: string): Promise<boolean> => {
    try {
      await send.mutateAsync({ senderId: adminId, receiverId: customerId, content, customerId });
      return true;
    } catch (error) {
      console.error('Sending the message failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: "Votre message n'a pas pu être envoyé." });
      return false;
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/admin/conversations" className="inline-flex items-center gap-2 text-sm font-medium text-plum-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Toutes les conversations
      </Link>
      <h1 className="text-4xl font-semibold text-plum-900">{customer.isPending ? 'Conversation' : name}</h1>
      <section aria-label={`Conversation avec ${name}`} className="overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-sm">
        <MessageList messages={thread.data ?? []} currentUserId={adminId} otherName={name} loading={thread.isPending} />
        <MessageComposer onSend={onSend} loading={thread.isPending} />
      </section>
    </div>
  );
}
