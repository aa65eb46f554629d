import { BookOpen, Flame, Flower2, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { useAddToCart } from '@/app/hooks/use-add-to-cart';
import { BrandMark } from '@/app/layouts/brand';
import { featuredProductParams } from '@/features/catalogue/api/get-products';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { buttonVariants } from '@/components/ui/button';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { publicPages } from '@/app/public-pages';

const pillars = [
  {
    icon: BookOpen,
    title: 'Enseignements',
    text: 'Une sagesse transmise pas à pas, pour comprendre les lois subtiles de l’âme et les incarner dans la vie de chaque jour.',
  },
  {
    icon: Flower2,
    title: 'Méditations',
    text: 'Des méditations guidées pour apaiser le mental, ouvrir le cœur et retrouver le silence intérieur où tout commence.',
  },
  {
    icon: Flame,
    title: 'Rituels',
    text: 'Des rituels sacrés, simples et profonds, pour honorer les passages de la vie et rallumer la flamme qui vous habite.',
  },
];

export default function HomeRoute() {
  useDocumentMeta(publicPages.home);
  const addToCart = useAddToCart('Erreur');

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-plum-900 via-plum-800 to-plum-700 text-ivory">
        <div aria-hidden="true" className="absolute -right-24 -top-24 h-96 w-96 rounded-full bg-gold-400/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 h-80 w-80 rounded-full bg-plum-500/40 blur-3xl" />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 md:py-28 lg:grid-cols-[1.4fr_1fr] lg:px-8">
          <div className="space-y-8">
            <p className="inline-flex items-center gap-2 rounded-full border border-gold-300/40 px-4 py-1.5 text-sm text-gold-200">
              <Sparkles aria-hidden="true" className="h-4 w-4" />
              Communauté spirituelle Lumière Sacrée
            </p>
            <h1 className="text-5xl font-semibold leading-tight md:text-6xl">Éveillez la lumière qui sommeille en vous</h1>
            <p className="max-w-xl text-lg leading-relaxed text-plum-100">
              Enseignements, méditations guidées et rituels sacrés, transmis avec amour pour accompagner chaque étape de votre chemin intérieur.
            </p>
            <div className="flex flex-wrap gap-4">
              <Link to="/store" className={buttonVariants({ variant: 'gold', size: 'lg' })}>
                Découvrir la boutique
              </Link>
              <Link to="/register" className={buttonVariants({ variant: 'outlineLight', size: 'lg' })}>
                Rejoindre la communauté
              </Link>
            </div>
          </div>
          <div aria-hidden="true" className="hidden justify-center lg:flex">
            <BrandMark className="h-72 w-72 drop-shadow-[0_0_60px_rgba(236,208,131,0.35)]" />
          </div>
        </div>
      </section>

      <section aria-labelledby="pillars-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id="pillars-title" className="text-4xl font-semibold text-plum-900">Trois chemins vers l’éveil</h2>
          <p className="mt-4 text-mist">Chaque création de Lumière Sacrée repose sur trois piliers, comme les trois flammes d’un même feu.</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {pillars.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-3xl border border-plum-100 bg-white p-8 shadow-sm">
              <Icon aria-hidden="true" className="h-10 w-10 text-gold-500" />
              <h3 className="mt-5 text-2xl font-semibold text-plum-900">{title}</h3>
              <p className="mt-3 leading-relaxed text-mist">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="master-title" className="bg-sand">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 md:grid-cols-[1fr_1.5fr] lg:px-8">
          <div aria-hidden="true" className="mx-auto flex aspect-square w-64 items-center justify-center rounded-full bg-gradient-to-br from-gold-200 via-plum-100 to-plum-200 shadow-inner md:w-80">
            <span className="font-serif text-8xl text-plum-800">S</span>
          </div>
          <div className="space-y-5">
            <p className="text-sm font-semibold uppercase tracking-widest text-gold-700">Le Maître</p>
            <h2 id="master-title" className="text-4xl font-semibold text-plum-900">Maître Séraphin Delorme</h2>
            <p className="leading-relaxed text-mist">
              Depuis plus de vingt-cinq ans, Maître Séraphin accompagne les chercheurs de vérité sur la voie de l’éveil. Formé auprès de traditions contemplatives
              d’Orient et d’Occident, il a fondé Lumière Sacrée pour offrir à chacun un accès simple et bienveillant à une sagesse vivante.
            </p>
            <p className="leading-relaxed text-mist">
              Sa parole est douce et exigeante à la fois : elle invite non pas à croire, mais à faire l’expérience de la lumière qui demeure en chacun de nous.
            </p>
            <Link to="/about" className={buttonVariants({ variant: 'outline' })}>
              Découvrir notre histoire
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mb-10 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="text-4xl font-semibold text-plum-900">Nos trésors spirituels</h2>
            <p className="mt-2 text-mist">Une sélection d’enseignements, de méditations et de rituels pour commencer.</p>
          </div>
          <Link to="/store" className={buttonVariants({ variant: 'link' })}>
            Voir toute la collection
          </Link>
        </div>
        <ProductGrid params={featuredProductParams} onAdd={addToCart} placeholders={4} />
      </section>
    </>
  );
}
