// The app's routes, matched by wouter (2.5 KB gzip on the first page, where React Router took
// 12 KB in its declarative mode, its data router 17 KB more): the first route whose path matches
// renders. Every page is its own chunk (React.lazy); the public pages share the header/footer
// layout, while /dashboard/* and /admin/* bring their own layouts and routes from their
// features. A failure while rendering a page (its code cannot be fetched, say) shows the crash
// screen until the next navigation.
// A page pre-rendered at build time (src/prerender) is shown by its HTML while the app starts:
// preloadRoute() fetches its chunk first, so the app's first render is that page, not a loader,
// and prefetchRoute() is how the build reads the data the page renders.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Redirect, Route, Switch, useLocation, useParams, type Params } from 'wouter';
import { PageLoader, PublicLayout } from '@/app/layouts/public-layout';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { productQueryOptions } from '@/features/catalogue/api/get-product';
import { featuredProductParams, productsQueryOptions } from '@/features/catalogue/api/get-products';

type PageModule = () => Promise<{ default: ComponentType }>;
type Prefetch = (client: QueryClient, params: Params) => Promise<void>;

/** What a page's route carries for preloadRoute() and prefetchRoute(). */
interface PageHandle {
  preload(): Promise<void>;
  prefetch?: Prefetch;
}

interface AppRoute {
  path: string;
  element: ReactNode;
  handle?: PageHandle;
}

/**
 * A page in its own chunk. Once the chunk has loaded (preloaded, or shown once), the page
 * renders at once, without suspending; each mount keeps the component it started with.
 */
function lazyPage(load: PageModule): { Page: ComponentType; preload: () => Promise<void> } {
  let loaded: ComponentType | undefined;
  const remember = () => load().then((module) => ((loaded = module.default), module));
  const Lazy = lazy(remember);
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, preload: () => remember().then(() => undefined) };
}

function page(load: PageModule): Omit<AppRoute, 'path'> {
  const { Page, preload } = lazyPage(load);
  return { element: <Page />, handle: { preload } };
}

/**
 * A catalogue page: it starts the reads it will make as it renders, before its code has
 * arrived, so on a first visit those reads run alongside the page's chunk instead of after it
 * (what TanStack's usePrefetchQuery does; a fresh or pending query is not fetched again).
 */
function prefetching(load: PageModule, prefetch: Prefetch): Omit<AppRoute, 'path'> {
  const { Page, preload } = lazyPage(load);
  function PrefetchingPage() {
    void prefetch(useQueryClient(), useParams());
    return <Page />;
  }
  return { element: <PrefetchingPage />, handle: { preload, prefetch } };
}

function standalone(load: PageModule): Omit<AppRoute, 'path'> {
  const { Page } = lazyPage(load);
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    ),
  };
}

/** The signed-in areas, each with its own layout and routes. */
const areaRoutes: AppRoute[] = [
  { path: '/dashboard/*?', ...standalone(() => import('@/features/dashboard/routes')) },
  { path: '/admin/*?', ...standalone(() => import('@/features/admin/routes')) },
];

/** Every other address: a page inside the header/footer layout. */
const publicRoutes: AppRoute[] = [
  { path: '/', ...prefetching(() => import('@/app/routes/home'), (client) => client.prefetchQuery(productsQueryOptions(featuredProductParams))) },
  { path: '/store', ...prefetching(() => import('@/app/routes/store'), (client) => client.prefetchQuery(productsQueryOptions())) },
  { path: '/product/:id', ...prefetching(() => import('@/app/routes/product'), (client, { id = '' }) => client.prefetchQuery(productQueryOptions(id))) },
  { path: '/success', ...page(() => import('@/app/routes/success')) },
  { path: '/login', ...page(() => import('@/app/routes/login')) },
  { path: '/register', ...page(() => import('@/app/routes/register')) },
  { path: '/forgot-password', ...page(() => import('@/app/routes/forgot-password')) },
  { path: '/reset-password', ...page(() => import('@/app/routes/reset-password')) },
  { path: '/contact', ...page(() => import('@/app/routes/contact')) },
  { path: '/about', ...page(() => import('@/app/routes/about')) },
  { path: '/faq', ...page(() => import('@/app/routes/faq')) },
  { path: '/mentions-legales', ...page(() => import('@/app/routes/mentions-legales')) },
  { path: '/cgv', ...page(() => import('@/app/routes/cgv')) },
  { path: '/confidentialite', ...page(() => import('@/app/routes/confidentialite')) },
  { path: '/profile', element: <Redirect to="/dashboard/profile" replace /> },
  { path: '*', ...page(() => import('@/app/routes/not-found')) },
];

/** The route that renders at `pathname` and its parameters, matched as wouter's Switch matches (regexparam). */
function routeAt(pathname: string): { handle?: PageHandle; params: Params } | undefined {
  for (const route of [...areaRoutes, ...publicRoutes]) {
    const [matches, params] = matchRoute(parse, route.path, pathname);
    if (matches) return { handle: route.handle, params };
  }
  return undefined;
}

/** Loads the chunk of the page at `pathname`, so that the app's first render shows it. */
export async function preloadRoute(pathname: string): Promise<void> {
  await routeAt(pathname)?.handle?.preload();
}

/** Reads into `client` what the page at `pathname` renders (the build's pre-rendering). */
export async function prefetchRoute(client: QueryClient, pathname: string): Promise<void> {
  const route = routeAt(pathname);
  await route?.handle?.prefetch?.(client, route.params);
}

export function AppRoutes() {
  const [pathname] = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Switch>
        {areaRoutes.map(({ path, element }) => (
          <Route key={path} path={path}>
            {element}
          </Route>
        ))}
        <Route>
          <PublicLayout>
            <Switch>
              {publicRoutes.map(({ path, element }) => (
                <Route key={path} path={path}>
                  {element}
                </Route>
              ))}
            </Switch>
          </PublicLayout>
        </Route>
      </Switch>
    </ErrorBoundary>
  );
}
