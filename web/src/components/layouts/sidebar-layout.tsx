// The shell of the signed-in areas (customer dashboard, admin): a fixed sidebar from the lg
// breakpoint (16rem, Tailwind's 64 spacing units), below it a top bar whose menu button opens the
// same navigation in an 18rem drawer.
import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, LogOut, Menu, X, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { NavLink } from '@/lib/navigation';

export interface SidebarNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (the area's index page). */
  end?: boolean;
  /** A count shown beside the label when above zero (« 99+ » from 100), and what it counts, for screen readers. */
  badge?: { count: number; label: string };
}

interface SidebarLayoutProps {
  title: string;
  navLabel: string;
  items: SidebarNavItem[];
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}

interface SidebarContentProps extends Omit<SidebarLayoutProps, 'children'> {
  onNavigate?: () => void;
}

const rowClass = 'flex items-center gap-3 rounded-xl px-4 py-2.5 text-sm font-medium transition-colors';

function SidebarLink({ item: { to, label, icon: Icon, end, badge }, onNavigate }: { item: SidebarNavItem; onNavigate: (() => void) | undefined }) {
  return (
    <NavLink to={to} end={end} onClick={onNavigate} className={({ isActive }) => cn(rowClass, isActive ? 'bg-plum-700 text-ivory' : 'text-plum-900 hover:bg-plum-50')}>
      <Icon aria-hidden="true" className="h-5 w-5" />
      {label}
      {badge && badge.count > 0 ? (
        <span className="ml-auto min-w-6 rounded-full bg-gold-500 px-2 py-0.5 text-center text-xs font-semibold text-plum-900">
          <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
          <span className="sr-only">{`, ${badge.label}`}</span>
        </span>
      ) : null}
    </NavLink>
  );
}

function SidebarContent({ title, navLabel, items, onSignOut, signingOut, onNavigate }: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col gap-6 p-5">
      <p className="px-2 font-serif text-2xl font-semibold text-plum-900">{title}</p>
      <nav aria-label={navLabel} className="flex-1">
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-plum-100 pt-4">
        <Link to="/" onClick={onNavigate} className={cn(rowClass, 'text-plum-900 hover:bg-plum-50')}>
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          Retour au site
        </Link>
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          aria-busy={signingOut}
          className={cn(rowClass, 'w-full text-left text-red-700 hover:bg-red-50 disabled:opacity-60')}
        >
          <LogOut aria-hidden="true" className="h-5 w-5" />
          Déconnexion
        </button>
      </div>
    </div>
  );
}

export function SidebarLayout({ children, ...content }: SidebarLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="min-h-svh bg-ivory lg:flex">
      <aside className="sticky top-0 hidden h-svh w-64 shrink-0 overflow-y-auto border-r border-plum-100 bg-white/70 lg:block">
        <SidebarContent {...content} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <header className="sticky top-0 z-40 flex h-16 items-center justify-between border-b border-plum-100 bg-ivory/90 px-4 backdrop-blur lg:hidden">
          <p className="font-serif text-xl font-semibold text-plum-900">{content.title}</p>
          <Dialog.Trigger aria-label="Ouvrir le menu" className="rounded-full p-2.5 text-plum-900 hover:bg-plum-50">
            <Menu aria-hidden="true" className="h-6 w-6" />
          </Dialog.Trigger>
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[100] bg-plum-900/60 animate-fade-in" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-[101] w-72 max-w-[85vw] overflow-y-auto bg-ivory shadow-2xl animate-slide-in-left"
          >
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Dialog.Close aria-label="Fermer le menu" className="absolute right-3 top-4 rounded-full p-2 text-plum-800 hover:bg-plum-50">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
            <SidebarContent {...content} onNavigate={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 outline-none sm:px-8 lg:px-12 lg:py-10">
        {children}
      </main>
    </div>
  );
}
