// /admin/dashboard: the welcome, nine live figures (one admin-only function), among them the
// revenue of 30 days net of refunds and the refunds apart, and the quick accesses.
import { BarChart3, Euro, Eye, Hourglass, Inbox, Mail, MessageCircle, MessagesSquare, Package, ShieldAlert, ShoppingCart, Undo2, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useDashboardStats } from '@/features/admin/api/get-dashboard-stats';
import { emailLocalPart } from '@/features/admin/lib/email-local-part';
import { StatTile } from '@/components/ui/stat-tile';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';
import { formatPrice } from '@/lib/format-price';

const quickAccess: Array<{ to: string; label: string; description: string; icon: LucideIcon }> = [
  { to: '/admin/messages', label: 'Messages de contact', description: 'Lire les messages envoyés depuis le site.', icon: Inbox },
  { to: '/admin/conversations', label: 'Conversations', description: 'Répondre aux clients en direct.', icon: MessagesSquare },
  { to: '/admin/products', label: 'Produits', description: 'Gérer le catalogue.', icon: Package },
  { to: '/admin/users', label: 'Utilisateurs', description: 'Consulter les comptes.', icon: Users },
  { to: '/admin/analytics', label: 'Analytique', description: 'Suivre les ventes et la fréquentation.', icon: BarChart3 },
];

/** `Aucune commande remboursée`, `1 commande remboursée`, `2 commandes remboursées`. */
const refundedOrdersText = (orders: number) =>
  orders === 0 ? 'Aucune commande remboursée' : `${orders} ${orders > 1 ? 'commandes remboursées' : 'commande remboursée'}`;

export default function AdminDashboardPage() {
  useDocumentMeta({ title: 'Administration' });
  const { user } = useAuth();
  const stats = useDashboardStats();

  useEffect(() => {
    if (stats.isError) console.error('Loading the dashboard figures failed:', stats.error);
  }, [stats.isError, stats.error]);

  const figure = (value: number | undefined) => (stats.isError ? null : value);
  const amount = (cents: number | undefined) => (stats.isError ? null : cents === undefined ? undefined : formatPrice(cents, 'eur'));
  const refundedOrders = stats.data?.refunded_orders_30d;
  return (
    <div className="mx-auto max-w-6xl space-y-10">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900 sm:text-5xl">Tableau de bord</h1>
        <p className="mt-3 text-lg text-mist">Bienvenue, {emailLocalPart(user?.email)}</p>
      </header>

      <section aria-label="Chiffres clés" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatTile label="Nouveaux messages (7 jours)" value={figure(stats.data?.new_contact_messages)} icon={Mail} to="/admin/messages" />
        <StatTile label="Nouveaux utilisateurs (7 jours)" value={figure(stats.data?.new_users)} icon={UserPlus} to="/admin/users" />
        <StatTile label="Commandes en attente" value={figure(stats.data?.pending_orders)} icon={Hourglass} />
        <StatTile label="Visites (24h)" value={figure(stats.data?.visits_24h)} icon={Eye} to="/admin/analytics" />
        <StatTile label="Commandes (24 heures)" value={figure(stats.data?.recent_orders)} icon={ShoppingCart} to="/admin/analytics" />
        <StatTile label="Messages clients non lus" value={figure(stats.data?.unread_customer_messages)} icon={MessageCircle} to="/admin/conversations" />
        <StatTile label="Chiffre d'affaires net (30 jours)" value={amount(stats.data?.net_revenue_30d_cents)} icon={Euro} to="/admin/analytics" />
        <StatTile
          label="Remboursements (30 jours)"
          value={amount(stats.data?.refunded_30d_cents)}
          detail={refundedOrders === undefined || stats.isError ? undefined : refundedOrdersText(refundedOrders)}
          icon={Undo2}
          to="/admin/analytics"
        />
        <StatTile label="Litiges en cours" value={figure(stats.data?.open_disputes)} icon={ShieldAlert} />
      </section>

      <section aria-labelledby="quick-access">
        <h2 id="quick-access" className="text-2xl font-semibold text-plum-900">
          Accès rapide
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {quickAccess.map(({ to, label, description, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="flex h-full items-start gap-4 rounded-3xl border border-plum-100 bg-white p-5 shadow-sm transition-colors hover:border-plum-200 hover:bg-plum-50">
                <Icon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-gold-500" />
                <span>
                  <span className="block font-semibold text-plum-900">{label}</span>
                  <span className="block text-sm text-mist">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
