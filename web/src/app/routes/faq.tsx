import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { publicPages } from '@/app/public-pages';

const questions = [
  {
    question: 'Comment accéder à mes achats numériques ?',
    answer:
      'Dès votre paiement confirmé, vos enseignements, méditations et rituels rejoignent la Bibliothèque de votre Tableau de bord. Vous pouvez les télécharger à tout moment, autant de fois que nécessaire.',
  },
  {
    question: 'Dois-je créer un compte pour commander ?',
    answer:
      'Oui. Votre compte est l’écrin de vos achats : il garantit que chaque contenu numérique vous reste accessible, sur tous vos appareils, et vous permet d’échanger avec nous en privé.',
  },
  {
    question: 'Le paiement est-il sécurisé ?',
    answer:
      'Le paiement s’effectue sur une page sécurisée de notre prestataire. Vos coordonnées bancaires ne transitent jamais par notre site et ne sont jamais conservées par Lumière Sacrée.',
  },
  {
    question: 'Les enseignements conviennent-ils aux débutants ?',
    answer:
      'Absolument. Chaque contenu indique à qui il s’adresse. Les méditations d’initiation et les premiers enseignements ont été pensés pour celles et ceux qui font leurs premiers pas.',
  },
  {
    question: 'Comment poser une question à Maître Séraphin ou à l’équipe ?',
    answer:
      'Depuis votre Tableau de bord, la messagerie vous permet d’écrire directement à l’équipe. Vous pouvez aussi utiliser notre formulaire de contact : nous répondons sous 48 heures.',
  },
];

export default function FaqRoute() {
  useDocumentMeta(publicPages.faq);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <header className="mb-12 text-center">
        <h1 className="text-5xl font-semibold text-plum-900">Questions fréquentes</h1>
        <p className="mt-4 text-lg text-mist">Les réponses aux questions que l’on nous pose le plus souvent.</p>
      </header>
      <Accordion.Root type="single" collapsible className="space-y-3">
        {questions.map(({ question, answer }, index) => (
          <Accordion.Item key={question} value={`item-${index}`} className="overflow-hidden rounded-2xl border border-plum-100 bg-white">
            <Accordion.Header asChild>
              <h2 className="font-sans text-base">
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left font-semibold text-plum-900 hover:bg-plum-50">
                  {question}
                  <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="px-6 pb-5 leading-relaxed text-mist">{answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </div>
  );
}
