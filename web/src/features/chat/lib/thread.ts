import type { Tables } from '@/lib/database.types';

export type ChatMessage = Tables<'user_messages'>;

/**
 * Orders two timestamps from the database. Numbers first (whatever the text looks like), then the
 * text, which keeps the microseconds a JavaScript Date drops.
 */
export function compareTimes(a: string, b: string): number {
  return Date.parse(a) - Date.parse(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function byTime(a: ChatMessage, b: ChatMessage): number {
  return compareTimes(a.created_at, b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Adds messages to a thread kept oldest first. A message can arrive twice (the sender's own
 * insert, a realtime event, a refetch after reconnecting): the newest copy of an id wins.
 */
export function mergeMessages(thread: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(thread.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(byTime);
}

/** The messages addressed to `readerId` that are still unread, optionally only from `senderId`. */
export function unreadFor(thread: readonly ChatMessage[], readerId: string, senderId?: string): ChatMessage[] {
  return thread.filter((m) => m.receiver_id === readerId && !m.is_read && (senderId === undefined || m.sender_id === senderId));
}

/** The thread once the reader's messages up to `upTo` (optionally from one sender) are read. */
export function markedRead(thread: readonly ChatMessage[], readerId: string, upTo: string, senderId?: string): ChatMessage[] {
  return thread.map((message) =>
    unreadFor([message], readerId, senderId).length > 0 && compareTimes(message.created_at, upTo) <= 0 ? { ...message, is_read: true } : message,
  );
}
