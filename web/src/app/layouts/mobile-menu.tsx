import * as Dialog from '@radix-ui/react-dialog';
import { Download, X } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { isNavActive, mainNav } from '@/app/layouts/nav-links';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { cn } from '@/lib/cn';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  isAdmin: boolean;
  canInstall: boolean;
  onInstall: () => void;
  onSignOut: () => void;
}

const itemClass = 'block rounded-xl px-4 py-3 text-lg text-plum-900 hover:bg-plum-50';

export default function MobileMenu({ open, onOpenChange, signedIn, isAdmin, canInstall, onInstall, onSignOut }: MobileMenuProps) {
  const [pathname] = useLocation();
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[100] bg-plum-900/60 animate-fade-in" />
        <Dialog.Content aria-describedby={undefined} onCloseAutoFocus={returnFocus} className="fixed inset-y-0 left-0 z-[101] flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-ivory p-6 shadow-2xl animate-slide-in-left">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-serif text-2xl font-semibold text-plum-900">Menu</Dialog.Title>
            <Dialog.Close aria-label="Fermer le menu" className="rounded-full p-2 text-plum-800 hover:bg-plum-50">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Navigation mobile">
            <ul className="space-y-1">
              {mainNav.map((item) => {
                const active = isNavActive(item, pathname);
                return (
                  <li key={item.to}>
                    <Link to={item.to} onClick={close} aria-current={active ? 'page' : undefined} className={cn(itemClass, active && 'bg-plum-100 font-semibold')}>
                      {item.label}
                    </Link>
                  </li>
                );
              })}
              {isAdmin ? (
                <li>
                  <Link to="/admin/dashboard" onClick={close} className={itemClass}>
                    Admin
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
          <div className="mt-auto space-y-2 border-t border-plum-100 pt-4">
            {signedIn ? (
              <>
                <Link to="/dashboard" onClick={close} className={itemClass}>
                  Tableau de bord
                </Link>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    onSignOut();
                  }}
                  className={cn(itemClass, 'w-full text-left text-red-700')}
                >
                  Déconnexion
                </button>
              </>
            ) : (
              <>
                <Link to="/login" onClick={close} className={itemClass}>
                  Connexion
                </Link>
                <Link to="/register" onClick={close} className={cn(itemClass, 'bg-plum-700 text-center text-ivory hover:bg-plum-800')}>
                  Inscription
                </Link>
              </>
            )}
            {canInstall ? (
              <button
                type="button"
                onClick={() => {
                  close();
                  onInstall();
                }}
                className={cn(itemClass, 'flex w-full items-center gap-3 text-left')}
              >
                <Download aria-hidden="true" className="h-5 w-5" />
                Installer l'application
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
