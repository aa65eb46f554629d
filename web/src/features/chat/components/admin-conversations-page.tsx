// /admin/conversations: every customer thread, newest activity first, with what is unread.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { CONVERSATIONS_STEP, useConversations, type Conversation } from '@/features/chat/api/get-conversations';
import { useNow } from '@/features/chat/hooks/use-now';
import { relativeTime } from '@/features/chat/lib/relative-time';
import { customerName } from '@/features/chat/lib/customer-name';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';
import { cn } from '@/lib/cn';

export default function AdminConversationsPage() {
  useDocumentMeta({ title: 'Conversations' });
  const { user } = useAuth();
  const [limit, setLimit] = useState(CONVERSATIONS_STEP);
  const conversations = useConversations(limit);
  const now = useNow();

  useEffect(() => {
    if (conversations.isError) console.error('Loading the conversations failed:', conversations.error);
  }, [conversations.isError, conversations.error]);

  const rows = conversations.data ?? [];
  const loadingMore = conversations.isPlaceholderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Conversations</h1>
        <p className="mt-2 text-mist">Les échanges privés avec vos clients, les plus récents en premier.</p>
      </header>
      {conversations.isPending ? (
        <Spinner label="Chargement…" />
      ) : rows.length === 0 ? (
        <p className="rounded-3xl border border-plum-100 bg-white p-10 text-center text-mist">Aucune conversation</p>
      ) : (
        <ul className="divide-y divide-plum-100 overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-sm">
          {rows.map((row) => (
            <ConversationRow key={row.customer_id} row={row} fromMe={row.last_sender_id === user?.id} now={now} />
          ))}
        </ul>
      )}
      {rows.length >= limit ? (
        <Button variant="outline" onClick={() => setLimit(limit + CONVERSATIONS_STEP)} disabled={loadingMore} aria-busy={loadingMore}>
          Afficher plus
        </Button>
      ) : null}
    </div>
  );
}

function ConversationRow({ row, fromMe, now }: { row: Conversation; fromMe: boolean; now: Date }) {
  const name = customerName(row);
  const unread = row.unread_count;
  return (
    <li>
      <Link to={`/admin/conversations/${row.customer_id}`} className="flex items-start gap-4 px-5 py-4 hover:bg-plum-50">
        <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-plum-100 font-serif text-lg font-semibold text-plum-800">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span className={cn('truncate text-plum-900', unread > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
            <time dateTime={row.last_message_at} className="shrink-0 text-xs text-mist">
              {relativeTime(row.last_message_at, now)}
            </time>
          </span>
          {row.email && row.email !== name ? <span className="block truncate text-xs text-mist">{row.email}</span> : null}
          <span className="mt-1 flex items-center justify-between gap-3">
            <span className="truncate text-sm text-mist">
              {fromMe ? 'Vous : ' : ''}
              {row.last_message}
            </span>
            {unread > 0 ? (
              <span className="shrink-0 rounded-full bg-gold-400 px-2.5 py-0.5 text-xs font-semibold text-plum-900">
                {unread} non {unread > 1 ? 'lus' : 'lu'}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
