// Query keys of the chat. Everything lives under ['chat'] so a realtime (re)subscription can
// refetch all of it at once: nothing committed while the socket was down is missed.
export const chatKeys = {
  all: ['chat'] as const,
  /** A customer's whole thread (every message they sent or received). */
  thread: (customerId: string) => ['chat', 'thread', customerId] as const,
  unreadCount: (userId: string) => ['chat', 'unread-count', userId] as const,
  adminRecipient: ['chat', 'admin-recipient'] as const,
  conversations: ['chat', 'conversations'] as const,
  customer: (customerId: string) => ['chat', 'customer', customerId] as const,
};
