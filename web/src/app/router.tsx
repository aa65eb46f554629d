// The app's routes, in React Router's declarative mode (its data router would add 17 KB gzip and
// a state machine to every start-up, for loaders this app does not need). Every page is its own
// chunk (React.lazy); the public pages share the header/footer layout, while /dashboard/* and
// /admin/* bring their own layouts from their features. A failure while rendering a page (its
// code cannot be fetched, say) shows the crash screen until the next navigation.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useLocation, useParams, useRoutes, type Params, type RouteObject } from 'react-router-dom';
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
function prefetching(load: PageModule, prefetch: (client: QueryClient, params: Readonly<Params>) => Promise<void>) {
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

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: prefetching(() => import('@/app/routes/home'), (client) => client.prefetchQuery(productsQueryOptions(featuredProductParams))) },
      { path: 'store', element: prefetching(() => import('@/app/routes/store'), (client) => client.prefetchQuery(productsQueryOptions())) },
      { path: 'product/:id', element: prefetching(() => import('@/app/routes/product'), (client, { id = '' }) => client.prefetchQuery(productQueryOptions(id))) },
      { path: 'success', element: page(() => import('@/app/routes/success')) },
      { path: 'login', element: page(() => import('@/app/routes/login')) },
      { path: 'register', element: page(() => import('@/app/routes/register')) },
      { path: 'forgot-password', element: page(() => import('@/app/routes/forgot-password')) },
      { path: 'reset-password', element: page(() => import('@/app/routes/reset-password')) },
      { path: 'contact', element: page(() => import('@/app/routes/contact')) },
      { path: 'about', element: page(() => import('@/app/routes/about')) },
      { path: 'faq', element: page(() => import('@/app/routes/faq')) },
      { path: 'mentions-legales', element: page(() => import('@/app/routes/mentions-legales')) },
      { path: 'cgv', element: page(() => import('@/app/routes/cgv')) },
      { path: 'confidentialite', element: page(() => import('@/app/routes/confidentialite')) },
      { path: 'profile', element: <Navigate to="/dashboard/profile" replace /> },
      { path: '*', element: page(() => import('@/app/routes/not-found')) },
    ],
  },
  { path: '/dashboard/*', element: standalone(() => import('@/features/dashboard/routes')) },
  { path: '/admin/*', element: standalone(() => import('@/features/admin/routes')) },
];

export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <ErrorBoundary resetKey={pathname}>{element}</ErrorBoundary>;
}
