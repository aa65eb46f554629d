import { BarChart3, Inbox, LayoutDashboard, MessagesSquare, Package, PackageX, Settings, ShieldAlert, Users } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useUndecidedShortfallsCount } from '@/features/admin/api/stock-shortfalls';
import { useUnreadCounts } from '@/features/admin/api/unread-counts';
import { useAppBadge } from '@/features/admin/hooks/use-app-badge';
import { SidebarLayout, type SidebarNavItem } from '@/components/layouts/sidebar-layout';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { useSignOut } from '@/lib/sign-out';
import { toast } from '@/lib/toast-store';

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

// Stock shortfalls exist on the shop's own catalogue alone (its stock is taken at payment).
const onShopCatalogue = env.VITE_CATALOGUE_SOURCE === 'shop';

const items = (unread: { contactMessages: number; conversations: number } | undefined, undecidedShortfalls: number | undefined): SidebarNavItem[] => [
  { to: '/admin/dashboard', label: 'Tableau de bord', icon: LayoutDashboard },
  {
    to: '/admin/messages',
    label: 'Messages',
    icon: Inbox,
    badge: unread && { count: unread.contactMessages, label: plural(unread.contactMessages, 'nouveau message', 'nouveaux messages') },
  },
  {
    to: '/admin/conversations',
    label: 'Conversations',
    icon: MessagesSquare,
    badge: unread && { count: unread.conversations, label: plural(unread.conversations, 'conversation en attente', 'conversations en attente') },
  },
  { to: '/admin/payments', label: 'Paiements à vérifier', icon: ShieldAlert },
  { to: '/admin/products', label: 'Produits', icon: Package },
  ...(onShopCatalogue
    ? [
        {
          to: '/admin/stock',
          label: 'Ruptures de stock',
          icon: PackageX,
          badge: undecidedShortfalls === undefined ? undefined : {
            count: undecidedShortfalls,
            label: plural(undecidedShortfalls, 'rupture à traiter', 'ruptures à traiter'),
          },
        },
      ]
    : []),
  { to: '/admin/users', label: 'Utilisateurs', icon: Users },
  { to: '/admin/analytics', label: 'Analytique', icon: BarChart3 },
  { to: '/admin/settings', label: 'Paramètres', icon: Settings },
];

export function AdminLayout({ children }: { children: ReactNode }) {
  const { signOut, isPending } = useSignOut({ onSignedOut: () => toast({ title: 'Déconnexion réussie.' }) });
  const unread = useUnreadCounts().data;
  const undecidedShortfalls = useUndecidedShortfallsCount(onShopCatalogue).data;
  useAppBadge(unread && unread.contactMessages + unread.conversations);
  return (
    <SidebarLayout title="Administration" navLabel="Navigation de l'administration" items={items(unread, undecidedShortfalls)} onSignOut={() => void signOut()} signingOut={isPending}>
      <Suspense fallback={<Spinner label="Chargement…" />}>
        {children}
      </Suspense>
    </SidebarLayout>
  );
}
