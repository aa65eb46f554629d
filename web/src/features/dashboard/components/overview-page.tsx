// /dashboard: the greeting, the three figures of the account, « Continuer » (the item last
// opened) and quick links.
import { Library, MessageCircle, ReceiptText, Store, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { useAcquiredCount, useOrderCount } from '@/features/dashboard/api/get-overview-counts';
import { useProfileName } from '@/features/dashboard/api/get-profile';
import { ContinueCard } from '@/features/dashboard/components/continue-card';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatTile } from '@/components/ui/stat-tile';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';

interface OverviewPageProps {
  /** From the chat, kept live by its realtime subscription; undefined while loading. */
  unreadMessages: number | null | undefined;
}

export function OverviewPage({ unreadMessages }: OverviewPageProps) {
  useDocumentMeta({ title: 'Tableau de Bord' });
  const { user } = useAuth();
  if (!user) return <Spinner label="Chargement…" />;
  return <Overview userId={user.id} metadataName={user.user_metadata.full_name as string | undefined} unreadMessages={unreadMessages} />;
}

function Overview({ userId, metadataName, unreadMessages }: OverviewPageProps & { userId: string; metadataName: string | undefined }) {
  const profileName = useProfileName(userId);
  const orders = useOrderCount(userId);
  const acquired = useAcquiredCount(userId);
  const fullName = (profileName.data ?? metadataName)?.trim();
  const figure = (query: { data?: number; isError: boolean }) => (query.isError ? null : query.data);

  return (
    <div className="mx-auto max-w-5xl space-y-10">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900 sm:text-5xl">{fullName ? `Bienvenue, ${fullName}` : 'Bienvenue dans votre espace'}</h1>
        <p className="mt-3 text-lg text-mist">Retrouvez vos commandes, vos enseignements et vos échanges avec l'administrateur.</p>
      </header>

      <section aria-label="Votre activité" className="grid gap-4 sm:grid-cols-3">
        <StatTile label="Commandes passées" value={figure(orders)} icon={ReceiptText} to="/dashboard/orders" />
        <StatTile label="Produits acquis" value={figure(acquired)} icon={Library} to="/dashboard/library" />
        <StatTile label="Messages non lus" value={unreadMessages} icon={MessageCircle} to="/dashboard/messages" />
      </section>

      <ContinueCard userId={userId} />

      <section aria-labelledby="quick-links" className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
        <h2 id="quick-links" className="text-2xl font-semibold text-plum-900">
          Accès rapides
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/dashboard/profile" className={buttonVariants({ variant: 'outline' })}>
            <UserRound aria-hidden="true" className="h-4 w-4" />
            Modifier mon profil
          </Link>
          <Link to="/store" className={buttonVariants({ variant: 'gold' })}>
            <Store aria-hidden="true" className="h-4 w-4" />
            Découvrir la boutique
          </Link>
        </div>
      </section>
    </div>
  );
}
