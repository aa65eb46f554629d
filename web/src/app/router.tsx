// Every page is its own chunk (React.lazy); the public pages share the header/footer layout,
// while /dashboard/* and /admin/* bring their own layouts from their features.
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PageLoader, PublicLayout } from '@/app/layouts/public-layout';
import { RouteError } from '@/components/errors/route-error';

function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

function standalone(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <PublicLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: page(() => import('@/app/routes/home')) },
        { path: 'store', element: page(() => import('@/app/routes/store')) },
        { path: 'product/:id', element: page(() => import('@/app/routes/product')) },
        { path: 'success', element: page(() => import('@/app/routes/success')) },
        { path: 'login', element: page(() => import('@/app/routes/login')) },
        { path: 'register', element: page(() => import('@/app/routes/register')) },
        { path: 'contact', element: page(() => import('@/app/routes/contact')) },
        { path: 'about', element: page(() => import('@/app/routes/about')) },
        { path: 'faq', element: page(() => import('@/app/routes/faq')) },
        { path: 'profile', element: <Navigate to="/dashboard/profile" replace /> },
        { path: '*', element: page(() => import('@/app/routes/not-found')) },
      ],
    },
    { path: '/dashboard/*', errorElement: <RouteError />, element: standalone(() => import('@/features/dashboard/routes')) },
    { path: '/admin/*', errorElement: <RouteError />, element: standalone(() => import('@/features/admin/routes')) },
  ]);
}
