// /dashboard/messages: the customer's private thread with the administrator.
import { useEffect } from 'react';
import { useAdminRecipient } from '@/features/chat/api/get-admin-recipient';
import { useThread } from '@/features/chat/api/get-thread';
import { useSendMessage } from '@/features/chat/api/send-message';
import { MessageComposer } from '@/features/chat/components/message-composer';
import { MessageList } from '@/features/chat/components/message-list';
import { useMarkThreadRead } from '@/features/chat/hooks/use-mark-thread-read';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast-store';

export default function CustomerMessagesPage() {
  useDocumentMeta({ title: 'Messages' });
  const { user } = useAuth();
  if (!user) return <Spinner label="Chargement…" />;
  return <CustomerThread userId={user.id} />;
}

function CustomerThread({ userId }: { userId: string }) {
  const thread = useThread(userId);
  const recipient = useAdminRecipient();
  const send = useSendMessage();
  useMarkThreadRead({ readerId: userId, customerId: userId, messages: thread.data });

  useEffect(() => {
    if (thread.isError) {
      console.error('Loading the thread failed:', thread.error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de charger les messages.' });
    }
  }, [thread.isError, thread.error]);

  const onSend = async (content: string): Promise<boolean> => {
    const admin = recipient.data;
    if (!admin) {
      toast({ variant: 'destructive', title: 'Erreur', description: "Impossible de trouver un destinataire. L'administrateur n'est pas configuré." });
      return false;
    }
    try {
      await send.mutateAsync({ senderId: userId, receiverId: admin.id, content, customerId: userId });
      return true;
    } catch (error) {
      console.error('Sending the message failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: "Votre message n'a pas pu être envoyé." });
      return false;
    }
  };

  const adminName = recipient.data?.full_name ?? 'Administrateur';
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Messages</h1>
        <p className="mt-2 text-mist">Votre conversation privée avec {adminName}.</p>
      </header>
      <section aria-label={`Conversation avec ${adminName}`} className="overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-sm">
        <MessageList messages={thread.data ?? []} currentUserId={userId} otherName={adminName} loading={thread.isPending} />
        <MessageComposer onSend={onSend} loading={thread.isPending || recipient.isPending} />
      </section>
    </div>
  );
}
