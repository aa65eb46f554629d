// 'Paramètres' has three pages: the seller's identity (invoices), the legal documents, and the
// administrator's own notifications.
import { cn } from '@/lib/cn';
import { NavLink } from '@/lib/navigation';

const tabs = [
  { to: '/admin/settings', label: 'Vendeur', end: true },
  { to: '/admin/settings/legal', label: 'Documents légaux', end: false },
  { to: '/admin/settings/notifications', label: 'Notifications', end: false },
];

export function SettingsTabs() {
  return (
    <nav aria-label="Sections des paramètres" className="flex gap-2">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn('rounded-full px-4 py-2 text-sm font-medium', isActive ? 'bg-plum-700 text-ivory' : 'border border-plum-200 text-plum-800 hover:bg-plum-50')
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
