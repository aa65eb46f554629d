import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';

export default function AccountMenu({ onSignOut }: { onSignOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-full border border-plum-200 bg-white/70 px-4 py-2 text-sm font-medium text-plum-900 hover:bg-plum-50">
        <UserRound aria-hidden="true" className="h-4 w-4" />
        Mon Compte
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-52 rounded-2xl border border-plum-100 bg-white p-2 shadow-xl animate-fade-in">
          <DropdownMenu.Item asChild>
            <Link to="/dashboard" className="flex items-center gap-3 rounded-xl px-3 py-2 text-sm text-plum-900 outline-none data-[highlighted]:bg-plum-50">
              <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
              Tableau de bord
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-plum-100" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Déconnexion
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
