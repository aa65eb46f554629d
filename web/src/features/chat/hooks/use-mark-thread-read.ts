import { useEffect, useRef } from 'react';
import { useMarkRead } from '@/features/chat/api/mark-read';
import { unreadFor, type ChatMessage } from '@/features/chat/lib/thread';

interface MarkThreadReadOptions {
  readerId: string;
  customerId: string;
  /** On the admin side, only the customer's messages count. */
  senderId?: string;
  messages: readonly ChatMessage[] | undefined;
}

/** While a thread is on screen, what it shows addressed to the reader is marked read, including live arrivals. */
export function useMarkThreadRead({ readerId, customerId, senderId, messages }: MarkThreadReadOptions) {
  const { mutate, isPending } = useMarkRead();
  const newestUnread = messages ? unreadFor(messages, readerId, senderId).at(-1)?.created_at : undefined;
  // One attempt per newest unread message: a failing update is not retried in a loop.
  const attempted = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!newestUnread || isPending || attempted.current === newestUnread) return;
    attempted.current = newestUnread;
    mutate({ readerId, customerId, senderId, upTo: newestUnread });
  }, [newestUnread, isPending, mutate, readerId, customerId, senderId]);
}
