import { BarChart3, Inbox, LayoutDashboard, MessagesSquare, Package, Settings, ShieldAlert, Users } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SidebarLayout, type SidebarNavItem } from '@/components/layouts/sidebar-layout';
import { Spinner } from '@/components/ui/spinner';
import { useSignOut } from '@/lib/sign-out';
import { toast } from '@/lib/toast-store';

const items: SidebarNavItem[] = [
  { to: '/admin/dashboard', label: 'Tableau de bord', icon: LayoutDashboard },
  { to: '/admin/messages', label: 'Messages', icon: Inbox },
  { to: '/admin/conversations', label: 'Conversations', icon: MessagesSquare },
  { to: '/admin/payments', label: 'Paiements à vérifier', icon: ShieldAlert },
  { to: '/admin/products', label: 'Produits', icon: Package },
  { to: '/admin/users', label: 'Utilisateurs', icon: Users },
  { to: '/admin/analytics', label: 'Analytique', icon: BarChart3 },
  { to: '/admin/settings', label: 'Paramètres', icon: Settings },
];

export function AdminLayout() {
  const { signOut, isPending } = useSignOut({ onSignedOut: () => toast({ title: 'Déconnexion réussie.' }) });
  return (
    <SidebarLayout title="Administration" navLabel="Navigation de l'administration" items={items} onSignOut={() => void signOut()} signingOut={isPending}>
      <Suspense fallback={<Spinner label="Chargement…" />}>
        <Outlet />
      </Suspense>
    </SidebarLayout>
  );
}
