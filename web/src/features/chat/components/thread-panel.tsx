// One customer's thread as either side sees it: the messages (live through the area's
// subscription), read marks for what is addressed to the reader, the composer, and the §8 errors.
import { useEffect } from 'react';
import { useThread } from '@/features/chat/api/get-thread';
import { useSendMessage } from '@/features/chat/api/send-message';
import { MessageComposer } from '@/features/chat/components/message-composer';
import { MessageList } from '@/features/chat/components/message-list';
import { useMarkThreadRead } from '@/features/chat/hooks/use-mark-thread-read';
import { isRateLimited, rateLimitedMessage } from '@/lib/rate-limit';
import { toast } from '@/lib/toast-store';

interface ThreadPanelProps {
  /** The signed-in reader: the customer, or the administrator answering them. */
  readerId: string;
  customerId: string;
  /** Who the reader writes to; null when nobody can receive (no administrator configured). */
  receiverId: string | null;
  /** The other side's name, shown beside their messages. */
  otherName: string;
  /** Something besides the thread (the recipient) is still loading. */
  loading?: boolean;
}

export function ThreadPanel({ readerId, customerId, receiverId, otherName, loading = false }: ThreadPanelProps) {
  const thread = useThread(customerId);
  const send = useSendMessage();
  // On the administrator's side only the customer's messages count as unread.
  useMarkThreadRead({ readerId, customerId, senderId: readerId === customerId ? undefined : customerId, messages: thread.data });

  useEffect(() => {
    if (thread.isError) {
      console.error('Loading the thread failed:', thread.error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de charger les messages.' });
    }
  }, [thread.isError, thread.error]);

  const onSend = async (content: string): Promise<boolean> => {
    if (!receiverId) {
      toast({ variant: 'destructive', title: 'Erreur', description: "Impossible de trouver un destinataire. L'administrateur n'est pas configuré." });
      return false;
    }
    try {
      await send.mutateAsync({ senderId: readerId, receiverId, content, customerId });
      return true;
    } catch (error) {
      console.error('Sending the message failed:', error);
      if (isRateLimited(error)) toast({ variant: 'destructive', title: 'Veuillez patienter', description: rateLimitedMessage });
      else toast({ variant: 'destructive', title: 'Erreur', description: "Votre message n'a pas pu être envoyé." });
      return false;
    }
  };

  return (
    <section aria-label={`Conversation avec ${otherName}`} className="overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-sm">
      <MessageList messages={thread.data ?? []} currentUserId={readerId} otherName={otherName} loading={thread.isPending} />
      <MessageComposer onSend={onSend} loading={thread.isPending || loading} />
    </section>
  );
}
