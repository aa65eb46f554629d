export interface NavItem {
  to: string;
  label: string;
  /** Path prefixes that also highlight this link (spec: Boutique on paths starting /product). */
  alsoActiveOn?: string[];
}

export const mainNav: NavItem[] = [
  { to: '/', label: 'Accueil' },
  { to: '/store', label: 'Boutique', alsoActiveOn: ['/product'] },
  { to: '/about', label: 'À Propos' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
];

export function isNavActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  return (item.alsoActiveOn ?? []).some((prefix) => pathname.startsWith(prefix));
}
