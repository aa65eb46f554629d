import { Download, Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { BrandLink } from '@/app/layouts/brand';
import { isNavActive, mainNav } from '@/app/layouts/nav-links';
import { CartButton } from '@/features/cart/components/cart-button';
import { useInstallPrompt } from '@/features/install/install-prompt';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-context';
import { clsx } from 'clsx';
import { useSignOut } from '@/lib/sign-out';

// Menus load on demand: visitors who never open them never download them.
const AccountMenu = lazy(() => import('@/app/layouts/account-menu'));
const MobileMenu = lazy(() => import('@/app/layouts/mobile-menu'));

const navLinkClass = 'rounded-full px-4 py-2 text-sm font-medium transition-colors';

export function Header({ onOpenCart, onCartIntent }: { onOpenCart: () => void; onCartIntent: () => void }) {
  const [pathname] = useLocation();
  const { user, loading, isAdmin } = useAuth();
  const { canInstall, promptInstall } = useInstallPrompt();
  const { signOut } = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-plum-100/70 bg-ivory/85 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded-full focus:bg-plum-700 focus:px-4 focus:py-2 focus:text-ivory">
        Aller au contenu
      </a>
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLink />

        <nav aria-label="Navigation principale" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => {
              const active = isNavActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(navLinkClass, active ? 'bg-plum-700 text-ivory' : 'text-plum-900 hover:bg-plum-50')}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
            {isAdmin ? (
              <li>
                <Link to="/admin/dashboard" className={clsx(navLinkClass, 'text-gold-700 hover:bg-plum-50')}>
                  Admin
                </Link>
              </li>
            ) : null}
            {canInstall ? (
              <li>
                <button type="button" onClick={() => void promptInstall()} className={clsx(navLinkClass, 'inline-flex items-center gap-2 text-plum-900 hover:bg-plum-50')}>
                  <Download aria-hidden="true" className="h-4 w-4" />
                  Installer
                </button>
              </li>
            ) : null}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          {loading ? (
            <Skeleton className="hidden h-10 w-28 rounded-full sm:block" />
          ) : user ? (
            <div className="hidden lg:block">
              <Suspense fallback={<Skeleton className="h-10 w-36 rounded-full" />}>
                <AccountMenu onSignOut={() => void signOut()} />
              </Suspense>
            </div>
          ) : (
            <Link to="/login" className="hidden rounded-full px-4 py-2 text-sm font-medium text-plum-900 hover:bg-plum-50 sm:inline-flex">
              Connexion
            </Link>
          )}
          <CartButton onOpen={onOpenCart} onIntent={onCartIntent} />
          <button
            type="button"
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
            aria-label="Ouvrir le menu"
            aria-expanded={menuOpen}
            className="rounded-full p-2.5 text-plum-900 hover:bg-plum-50 lg:hidden"
          >
            <Menu aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
      </div>
      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            signedIn={user !== null}
            isAdmin={isAdmin}
            canInstall={canInstall}
            onInstall={() => void promptInstall()}
            onSignOut={() => void signOut()}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
