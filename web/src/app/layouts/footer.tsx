import { Link } from 'wouter';
import { BrandMark } from '@/app/layouts/brand';
import { legalDocuments } from '@/features/legal/legal-documents';

const links = [
  { to: '/about', label: 'À Propos' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
  { to: '/login', label: 'Connexion' },
  { to: '/register', label: 'Inscription' },
  ...Object.values(legalDocuments).map(({ path, title }) => ({ to: path, label: title })),
];

export function Footer() {
  return (
    <footer className="mt-24 bg-plum-900 text-plum-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:px-8">
        <div className="space-y-4">
          <div className="flex items-center gap-3">
            <BrandMark className="h-10 w-10" />
            <p className="font-serif text-2xl text-ivory">Lumière Sacrée</p>
          </div>
          <p className="max-w-sm text-sm leading-relaxed text-plum-200">
            Enseignements, méditations et rituels pour éclairer votre chemin intérieur, partagés avec douceur par notre communauté.
          </p>
        </div>
        <nav aria-label="Liens du pied de page" className="md:justify-self-end">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-3 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-plum-100 underline-offset-4 hover:text-gold-300 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {/* A page pre-rendered in December and opened in January keeps the year it was built in. */}
      <div className="border-t border-plum-800 py-6 text-center text-xs text-plum-200" suppressHydrationWarning>
        © {new Date().getFullYear()} Lumière Sacrée. Tous droits réservés.
      </div>
    </footer>
  );
}
