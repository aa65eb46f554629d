// /admin/*: the administration, mounted lazily by the app router. The guard only spares a
// customer a useless page; every admin read goes through RLS or an admin-only database function.
// This file is the area's composition root: it alone joins the admin pages with the chat's
// conversations and live updates, and hands the products page the catalogue's reader.
import { useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { env } from '@/config/env';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { useLiveUnreadCounts } from '@/features/admin/hooks/use-live-unread-counts';
import { getProducts } from '@/features/catalogue/api/get-products';
import { useIncomingMessages } from '@/features/chat/hooks/use-incoming-messages';
import { RequireAdmin } from '@/components/guards/require-admin';
import { useAuth } from '@/lib/auth-context';

const DashboardPage = lazy(() => import('@/features/admin/components/admin-dashboard-page'));
const ProductsPage = lazy(() => import('@/features/admin/components/products-page'));
// The shop's own catalogue is written here; the commerce service's is only read (a build reads one).
const ShopProductsPage = lazy(() => import('@/features/admin/components/shop-products-page'));
const ContactInboxPage = lazy(() => import('@/features/admin/components/contact-inbox-page'));
const UsersPage = lazy(() => import('@/features/admin/components/users-page'));
const AnalyticsPage = lazy(() => import('@/features/admin/components/analytics-page'));
const ConversationsPage = lazy(() => import('@/features/chat/components/admin-conversations-page'));
const ConversationPage = lazy(() => import('@/features/chat/components/admin-conversation-page'));
const SettingsPage = lazy(() => import('@/features/admin/components/settings-page'));
const LegalDocumentsPage = lazy(() => import('@/features/admin/components/legal-documents-page'));
const NotificationSettingsPage = lazy(() => import('@/features/admin/components/notification-settings-page'));
const PaymentIssuesPage = lazy(() => import('@/features/admin/components/payment-issues-page'));
// The audit's history and the stock shortfalls exist on the shop's own catalogue alone.
const CatalogueHistoryPage = lazy(() => import('@/features/admin/components/catalogue-history-page'));
const StockShortfallsPage = lazy(() => import('@/features/admin/components/stock-shortfalls-page'));

/** One page of the commerce service's catalogue, as the storefront reads it (fresh stock included). */
const readCataloguePage = (offset: number, limit: number) => getProducts({ offset: String(offset), limit: String(limit) });

/** Customers' messages and contact messages arrive live on every admin page; the unread figures follow them. */
function LiveMessages({ adminId }: { adminId: string }) {
  const queryClient = useQueryClient();
  useIncomingMessages({
    userId: adminId,
    threadOf: (message) => message.sender_id,
    onChange: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
      void queryClient.invalidateQueries({ queryKey: adminKeys.unreadCounts });
    },
  });
  useLiveUnreadCounts(adminId);
  return null;
}

function AdminPages() {
  return (
    <AdminLayout>
      <Switch>
        <Route path="/admin/dashboard"><DashboardPage /></Route>
        <Route path="/admin/messages"><ContactInboxPage /></Route>
        <Route path="/admin/conversations"><ConversationsPage /></Route>
        <Route path="/admin/conversations/:customerId"><ConversationPage /></Route>
        <Route path="/admin/payments"><PaymentIssuesPage /></Route>
        <Route path="/admin/products">
          {env.VITE_CATALOGUE_SOURCE === 'shop' ? <ShopProductsPage /> : <ProductsPage readCataloguePage={readCataloguePage} />}
        </Route>
        {env.VITE_CATALOGUE_SOURCE === 'shop' ? (
          <>
            <Route path="/admin/products/history"><CatalogueHistoryPage /></Route>
            <Route path="/admin/products/:productId/history">{({ productId }) => <CatalogueHistoryPage productId={productId} />}</Route>
            <Route path="/admin/stock"><StockShortfallsPage /></Route>
          </>
        ) : null}
        <Route path="/admin/users"><UsersPage /></Route>
        <Route path="/admin/analytics"><AnalyticsPage /></Route>
        <Route path="/admin/settings"><SettingsPage /></Route>
        <Route path="/admin/settings/legal"><LegalDocumentsPage /></Route>
        <Route path="/admin/settings/notifications"><NotificationSettingsPage /></Route>
        {/* /admin itself and any unknown address: the dashboard. */}
        <Route><Redirect to="/admin/dashboard" replace /></Route>
      </Switch>
    </AdminLayout>
  );
}

function AdminArea() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <LiveMessages adminId={user.id} />
      <AdminPages />
    </>
  );
}

export default function AdminRoutes() {
  return (
    <RequireAdmin>
      <AdminArea />
    </RequireAdmin>
  );
}
