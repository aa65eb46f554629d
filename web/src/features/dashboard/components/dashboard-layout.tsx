import { LayoutDashboard, Library, MessageCircle, ReceiptText, UserRound } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { SidebarLayout, type SidebarNavItem } from '@/components/layouts/sidebar-layout';
import { Spinner } from '@/components/ui/spinner';
import { useSignOut } from '@/lib/sign-out';

const items: SidebarNavItem[] = [
  { to: '/dashboard', label: 'Tableau de Bord', icon: LayoutDashboard, end: true },
  { to: '/dashboard/orders', label: 'Mes Commandes', icon: ReceiptText },
  { to: '/dashboard/library', label: 'Bibliothèque', icon: Library },
  { to: '/dashboard/messages', label: 'Messages', icon: MessageCircle },
  { to: '/dashboard/profile', label: 'Mon Profil', icon: UserRound },
];

export function DashboardLayout({ children }: { children: ReactNode }) {
  const { signOut, isPending } = useSignOut();
  return (
    <SidebarLayout title="Mon Espace" navLabel="Navigation du tableau de bord" items={items} onSignOut={() => void signOut()} signingOut={isPending}>
      <Suspense fallback={<Spinner label="Chargement…" />}>
        {children}
      </Suspense>
    </SidebarLayout>
  );
}
