import { Clock, Mail, MessageCircleHeart } from 'lucide-react';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { publicPages } from '@/app/public-pages';

const promises = [
  { icon: MessageCircleHeart, title: 'Une écoute attentive', text: 'Chaque message est lu personnellement par un membre de notre équipe.' },
  { icon: Clock, title: 'Une réponse sous 48 heures', text: 'Du lundi au vendredi, nous vous répondons avec soin et bienveillance.' },
  { icon: Mail, title: 'Vos achats', text: 'Pour une question sur une commande, pensez à indiquer l’email de votre compte.' },
];

export default function ContactRoute() {
  useDocumentMeta(publicPages.contact);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
      <header className="mx-auto mb-12 max-w-2xl text-center">
        <h1 className="text-5xl font-semibold text-plum-900">Contact</h1>
        <p className="mt-4 text-lg text-mist">Une question, un besoin d’accompagnement, un simple merci ? Écrivez-nous, nous serons heureux de vous lire.</p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <ul className="space-y-6">
          {promises.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon aria-hidden="true" className="h-7 w-7 shrink-0 text-gold-500" />
              <div>
                <h2 className="text-xl font-semibold text-plum-900">{title}</h2>
                <p className="text-sm text-mist">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm sm:p-10">
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
