// The app's routes, matched by wouter (2.5 KB gzip on the first page, where React Router took
// 12 KB): the first route whose path matches renders. Every page is its own chunk (React.lazy);
// the public pages share the header/footer layout, while /dashboard/* and /admin/* bring their
// own layouts and routes from their features. A failure while rendering a page (its code cannot
// be fetched, say) shows the crash screen until the next navigation.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams, type Params } from 'wouter';
import { PageLoader, PublicLayout } from '@/app/layouts/public-layout';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { productQueryOptions } from '@/features/catalogue/api/get-product';
import { featuredProductParams, productsQueryOptions } from '@/features/catalogue/api/get-products';

type PageModule = () => Promise<{ default: ComponentType }>;

function page(load: PageModule) {
  const Page = lazy(load);
  return <Page />;
}

/**
 * A catalogue page: it starts the reads it will make as it renders, before its code has
 * arrived, so on a first visit those reads run alongside the page's chunk instead of after it
 * (what TanStack's usePrefetchQuery does; a fresh or pending query is not fetched again).
 */
function prefetching(load: PageModule, prefetch: (client: QueryClient, params: Params) => Promise<void>) {
  const Page = lazy(load);
  function PrefetchingPage() {
    void prefetch(useQueryClient(), useParams());
    return <Page />;
  }
  return <PrefetchingPage />;
}

function standalone(load: PageModule) {
  return <Suspense fallback={<PageLoader />}>{page(load)}</Suspense>;
}

const publicRoutes: Array<{ path: string; element: ReactNode }> = [
  { path: '/', element: prefetching(() => import('@/app/routes/home'), (client) => client.prefetchQuery(productsQueryOptions(featuredProductParams))) },
  { path: '/store', element: prefetching(() => import('@/app/routes/store'), (client) => client.prefetchQuery(productsQueryOptions())) },
  { path: '/product/:id', element: prefetching(() => import('@/app/routes/product'), (client, { id = '' }) => client.prefetchQuery(productQueryOptions(id))) },
  { path: '/success', element: page(() => import('@/app/routes/success')) },
  { path: '/login', element: page(() => import('@/app/routes/login')) },
  { path: '/register', element: page(() => import('@/app/routes/register')) },
  { path: '/forgot-password', element: page(() => import('@/app/routes/forgot-password')) },
  { path: '/reset-password', element: page(() => import('@/app/routes/reset-password')) },
  { path: '/contact', element: page(() => import('@/app/routes/contact')) },
  { path: '/about', element: page(() => import('@/app/routes/about')) },
  { path: '/faq', element: page(() => import('@/app/routes/faq')) },
  { path: '/mentions-legales', element: page(() => import('@/app/routes/mentions-legales')) },
  { path: '/cgv', element: page(() => import('@/app/routes/cgv')) },
  { path: '/confidentialite', element: page(() => import('@/app/routes/confidentialite')) },
  { path: '/profile', element: <Redirect to="/dashboard/profile" replace /> },
  { path: '*', element: page(() => import('@/app/routes/not-found')) },
];

const dashboard = standalone(() => import('@/features/dashboard/routes'));
const admin = standalone(() => import('@/features/admin/routes'));

export function AppRoutes() {
  const [pathname] = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Switch>
        <Route path="/dashboard/*?">{dashboard}</Route>
        <Route path="/admin/*?">{admin}</Route>
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
