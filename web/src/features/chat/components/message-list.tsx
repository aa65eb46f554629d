import { useLayoutEffect, useRef } from 'react';
import { useNow } from '@/features/chat/hooks/use-now';
import { fullDateTime, relativeTime } from '@/features/chat/lib/relative-time';
import type { ChatMessage } from '@/features/chat/lib/thread';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

interface MessageListProps {
  messages: readonly ChatMessage[];
  currentUserId: string;
  /** How the other side is named for screen readers ("Administrateur", the customer's name). */
  otherName: string;
  loading: boolean;
}

/** The thread, oldest first, kept scrolled to the newest message; own messages on the right. */
export function MessageList({ messages, currentUserId, otherName, loading }: MessageListProps) {
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId, loading]);

  return (
    <div ref={scroller} role="log" aria-label="Fil de la conversation" tabIndex={0} className="h-[min(60vh,34rem)] overflow-y-auto bg-sand/40 px-4 py-5 sm:px-6">
      {loading ? (
        <div className="flex h-full items-center justify-center">
          <Spinner label="Chargement…" />
        </div>
      ) : messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-center font-serif text-2xl text-plum-900">Commencez la conversation</p>
      ) : (
        <ol className="space-y-3">
          {messages.map((message) => {
            const own = message.sender_id === currentUserId;
            return (
              <li key={message.id} className={cn('flex', own ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-4 py-2.5 shadow-sm sm:max-w-[70%]',
                    own ? 'rounded-br-md bg-plum-700 text-ivory' : 'rounded-bl-md border border-plum-100 bg-white text-ink',
                  )}
                >
                  <span className="sr-only">{own ? 'Vous' : otherName} : </span>
                  <p className="whitespace-pre-wrap break-words">{message.content}</p>
                  <time dateTime={message.created_at} title={fullDateTime(message.created_at)} className={cn('mt-1 block text-xs', own ? 'text-plum-100' : 'text-mist')}>
                    {relativeTime(message.created_at, now)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
