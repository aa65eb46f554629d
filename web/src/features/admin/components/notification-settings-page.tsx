// /admin/settings/notifications ('Paramètres' → 'Notifications'): the signed-in administrator
// chooses what they are told of by e-mail (contact messages, conversations, orders: at once, in a
// daily digest at their hour of Paris, or never), saved in their own row (RLS); below, the
// notifications the sender gave up on, with the reason, for every administrator to see.
import { useState } from 'react';
import { useFailedNotifications, type FailedNotification } from '@/features/admin/api/failed-notifications';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type NotificationDelivery,
  type NotificationPreferences,
} from '@/features/admin/api/notification-preferences';
import { SettingsTabs } from '@/features/admin/components/settings-tabs';
import { formatParisDateTime } from '@/features/admin/lib/paris-date-time';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { toast } from '@/lib/toast-store';

const topics: { key: 'contact' | 'chat' | 'orders'; legend: string }[] = [
  { key: 'contact', legend: 'Nouveaux messages de contact' },
  { key: 'chat', legend: 'Nouvelles conversations' },
  { key: 'orders', legend: 'Nouvelles commandes' },
];

const deliveries: { value: NotificationDelivery; label: string }[] = [
  { value: 'immediate', label: 'Immédiatement' },
  { value: 'digest', label: 'Dans le résumé quotidien' },
  { value: 'none', label: 'Jamais' },
];

const topicLabels: Record<FailedNotification['topic'], string> = { contact: 'Message de contact', chat: 'Conversation', order: 'Commande' };

export default function NotificationSettingsPage() {
  useDocumentMeta({ title: 'Notifications' });
  const preferences = useNotificationPreferences();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Paramètres</h1>
        <p className="mt-2 text-mist">Les e-mails qui vous préviennent de ce qui arrive sur la boutique : vos choix, pour vous seul.</p>
      </header>
      <SettingsTabs />
      {preferences.isPending ? (
        <Spinner label="Chargement…" />
      ) : preferences.isError ? (
        <p role="alert" className="text-red-700">Impossible de charger vos préférences de notification.</p>
      ) : (
        <PreferencesForm saved={preferences.data} />
      )}
      <FailedNotifications />
    </div>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const [values, setValues] = useState(saved);
  const usesDigest = topics.some(({ key }) => values[key] === 'digest');

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Préférences enregistrées.', description: 'Vos prochaines notifications suivront ces choix.' }),
      onError: (error) => {
        console.error('Saving the notification preferences failed:', error);
        toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible d’enregistrer vos préférences.' });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5 rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      {topics.map(({ key, legend }) => (
        <fieldset key={key} className="space-y-2">
          <legend className="text-sm font-medium text-plum-900">{legend}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {deliveries.map(({ value, label }) => (
              <label key={value} className="flex items-center gap-2 text-ink">
                <input type="radio" name={key} value={value} checked={values[key] === value} onChange={() => setValues({ ...values, [key]: value })} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <label className="block space-y-2">
        <span className="text-sm font-medium text-plum-900">Heure du résumé quotidien (heure de Paris)</span>
        <select
          className="block rounded-xl border border-plum-200 bg-white px-4 py-3 text-ink disabled:opacity-60"
          value={values.digest_hour}
          disabled={!usesDigest}
          onChange={(event) => setValues({ ...values, digest_hour: Number(event.target.value) })}
        >
          {Array.from({ length: 24 }, (_, hour) => (
            <option key={hour} value={hour}>{`${hour} h`}</option>
          ))}
        </select>
      </label>
      <p className="text-sm text-mist">
        Une conversation donne lieu à un seul e-mail par quart d’heure, quel que soit le nombre de messages ; le résumé rassemble ce qui est arrivé depuis le
        précédent.
      </p>
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
        Enregistrer
      </Button>
    </form>
  );
}

function FailedNotifications() {
  const failed = useFailedNotifications();
  return (
    <section aria-labelledby="failed-notifications" className="space-y-3 rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      <h2 id="failed-notifications" className="text-xl font-semibold text-plum-900">
        Notifications non délivrées
      </h2>
      {failed.isPending ? (
        <Spinner label="Chargement…" />
      ) : failed.isError ? (
        <p role="alert" className="text-red-700">Impossible de charger les notifications non délivrées.</p>
      ) : failed.data.length === 0 ? (
        <p className="text-mist">Aucune : chaque notification a été envoyée.</p>
      ) : (
        <ul className="divide-y divide-plum-100">
          {failed.data.map((notification) => (
            <li key={notification.id} className="py-3 text-sm">
              <p className="font-medium text-plum-900">
                {topicLabels[notification.topic]} du {formatParisDateTime(notification.event_at)}
              </p>
              <p className="text-ink">
                Abandonnée le {notification.failed_at ? formatParisDateTime(notification.failed_at) : '—'} après {notification.attempts} essai
                {notification.attempts > 1 ? 's' : ''} : <span className="font-mono text-xs">{notification.last_error}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
