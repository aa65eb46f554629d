// /admin/messages: what visitors sent through the contact form, newest first.
import { Inbox, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CONTACT_STEP, useContactMessages, type ContactMessage } from '@/features/admin/api/get-contact-messages';
import { useMarkContactMessagesSeen } from '@/features/admin/api/unread-counts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const receivedAt = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

export default function ContactInboxPage() {
  useDocumentMeta({ title: 'Messages' });
  const [limit, setLimit] = useState(CONTACT_STEP);
  const inbox = useContactMessages(limit);

  useEffect(() => {
    // Spec §8: the inbox's load failure is only logged.
    if (inbox.isError) console.error('Loading the contact messages failed:', inbox.error);
  }, [inbox.isError, inbox.error]);

  const messages = inbox.data ?? [];
  // Whatever the inbox shows is seen: at opening, and again when a new message arrives on it.
  const { mutate: markSeen } = useMarkContactMessagesSeen();
  const newest = messages[0]?.id;
  useEffect(() => {
    if (!inbox.isPending) markSeen(undefined, { onError: (error) => console.error('Marking the contact messages seen failed:', error) });
  }, [newest, inbox.isPending, markSeen]);

  const loadingMore = inbox.isPlaceholderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Messages</h1>
        <p className="mt-2 text-mist">Les messages envoyés depuis le formulaire de contact, les plus récents en premier.</p>
      </header>
      {inbox.isPending ? (
        <Spinner label="Chargement…" />
      ) : messages.length === 0 ? (
        <div className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
          <Inbox aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
          <p className="mt-4 font-serif text-2xl text-plum-900">Votre boîte de réception est vide</p>
        </div>
      ) : (
        <ol className="space-y-4">
          {messages.map((message) => (
            <ContactMessageCard key={message.id} message={message} />
          ))}
        </ol>
      )}
      {messages.length >= limit ? (
        <Button variant="outline" onClick={() => setLimit(limit + CONTACT_STEP)} disabled={loadingMore} aria-busy={loadingMore}>
          Afficher plus
        </Button>
      ) : null}
    </div>
  );
}

function ContactMessageCard({ message }: { message: ContactMessage }) {
  const titleId = `contact-${message.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-semibold text-plum-900">
              {message.subject}
            </h2>
            <p className="text-sm text-mist">
              {message.name} · <a href={`mailto:${message.email}`} className="text-plum-700 underline-offset-4 hover:underline">{message.email}</a>
            </p>
          </div>
          <time dateTime={message.created_at} className="shrink-0 text-sm text-mist">
            {receivedAt(message.created_at)}
          </time>
        </header>
        <p className="mt-4 whitespace-pre-wrap break-words text-ink">{message.message}</p>
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
          className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-plum-700 underline-offset-4 hover:underline"
        >
          <Mail aria-hidden="true" className="h-4 w-4" />
          Répondre
        </a>
      </article>
    </li>
  );
}
