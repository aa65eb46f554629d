import { Compass, Eye, Sun } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { publicPages } from '@/app/public-pages';

const principles = [
  {
    icon: Eye,
    title: 'Transparence',
    text: 'Nous disons clairement ce que nous transmettons, d’où vient cet enseignement et ce qu’il peut vous apporter. Aucun secret, aucune promesse miraculeuse : seulement une pratique honnête.',
  },
  {
    icon: Compass,
    title: 'Guidance',
    text: 'Nul ne chemine seul. Nos contenus et notre équipe vous accompagnent avec patience, en respectant votre rythme, votre histoire et votre liberté.',
  },
  {
    icon: Sun,
    title: 'Éveil sacré',
    text: 'Notre seule finalité : vous aider à reconnaître la lumière déjà présente en vous, et à la laisser rayonner dans votre vie et dans le monde.',
  },
];

export default function AboutRoute() {
  useDocumentMeta(publicPages.about);
  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-5xl font-semibold text-plum-900">À Propos</h1>
        <p className="mt-5 text-lg leading-relaxed text-mist">
          Lumière Sacrée est une communauté spirituelle née du désir de partager une sagesse vivante, accessible à toutes celles et ceux qui cherchent la paix intérieure.
        </p>
      </header>

      <div className="mt-16 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="mission-title" className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-plum-100">
          <h2 id="mission-title" className="text-3xl font-semibold text-plum-900">Notre mission</h2>
          <p className="mt-4 leading-relaxed text-mist">
            Transmettre, avec douceur et exigence, des enseignements, des méditations et des rituels qui aident chacun à se relier à sa dimension sacrée. Sous la
            guidance de Maître Séraphin Delorme, nous créons des contenus que vous pouvez vivre chez vous, à votre rythme, comme une lampe posée sur votre chemin.
          </p>
        </section>
        <section aria-labelledby="vision-title" className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-plum-100">
          <h2 id="vision-title" className="text-3xl font-semibold text-plum-900">Notre vision</h2>
          <p className="mt-4 leading-relaxed text-mist">
            Nous rêvons d’un monde où chaque être humain se souvient de sa lumière intérieure. Un monde où la spiritualité n’est ni un dogme ni une fuite, mais une
            présence aimante au cœur du quotidien, qui rend chacun plus libre, plus doux et plus vrai.
          </p>
        </section>
      </div>

      <section aria-labelledby="principles-title" className="mt-20">
        <h2 id="principles-title" className="text-center text-4xl font-semibold text-plum-900">
          Nos trois principes
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {principles.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-3xl border border-plum-100 bg-sand p-8">
              <Icon aria-hidden="true" className="h-10 w-10 text-gold-500" />
              <h3 className="mt-5 text-2xl font-semibold text-plum-900">{title}</h3>
              <p className="mt-3 leading-relaxed text-mist">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 text-center">
        <Link to="/store" className={buttonVariants({ size: 'lg' })}>
          Découvrir nos enseignements
        </Link>
      </div>
    </div>
  );
}
