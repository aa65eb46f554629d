// /dashboard/*: the customer's area, mounted lazily by the app router. This file is the area's
// composition root (the app router hands it the whole subtree): it alone joins the dashboard's
// pages with the chat's thread, unread count and live updates, and the orders with the cart.
import { lazy } from 'react';
import { useReorder } from '@/features/cart/hooks/use-reorder';
import { Redirect, Route, Switch } from 'wouter';
import { useUnreadCount } from '@/features/chat/api/get-unread-count';
import { useIncomingMessages } from '@/features/chat/hooks/use-incoming-messages';
import { useReconcileMyCheckouts } from '@/features/dashboard/api/reconcile-checkouts';
import { DashboardLayout } from '@/features/dashboard/components/dashboard-layout';
import { OverviewPage } from '@/features/dashboard/components/overview-page';
import { RequireUser } from '@/components/guards/require-user';
import { useAuth } from '@/lib/auth-context';

const OrdersPage = lazy(() => import('@/features/dashboard/components/orders-page'));
const LibraryPage = lazy(() => import('@/features/dashboard/components/library-page'));
const ViewerPage = lazy(() => import('@/features/dashboard/components/viewer-page'));
const MessagesPage = lazy(() => import('@/features/chat/components/customer-messages-page'));
const ProfilePage = lazy(() => import('@/features/dashboard/components/profile-page'));

/** The customer's messages arrive live on every dashboard page (the overview's unread tile too). */
function LiveMessages({ userId }: { userId: string }) {
  useIncomingMessages({ userId, threadOf: () => userId });
  return null;
}

function Overview({ userId }: { userId: string }) {
  const unread = useUnreadCount(userId);
  return <OverviewPage unreadMessages={unread.isError ? null : unread.data} />;
}

/** The orders page's 'Recommander' fills the cart (the cart feature's), joined here. */
function Orders() {
  const reorder = useReorder();
  return <OrdersPage reorder={{ reorder: (lines) => reorder.mutate(lines), pending: reorder.isPending }} />;
}

function DashboardPages({ userId }: { userId: string }) {
  return (
    <DashboardLayout>
      <Switch>
        <Route path="/dashboard"><Overview userId={userId} /></Route>
        <Route path="/dashboard/orders"><Orders /></Route>
        <Route path="/dashboard/library"><LibraryPage /></Route>
        <Route path="/dashboard/library/:itemId"><ViewerPage /></Route>
        <Route path="/dashboard/messages"><MessagesPage /></Route>
        <Route path="/dashboard/profile"><ProfilePage /></Route>
        <Route><Redirect to="/dashboard" replace /></Route>
      </Switch>
    </DashboardLayout>
  );
}

/** A buyer who paid and never came back finds the order on opening the dashboard. */
function PaidCheckoutsRecorded({ userId }: { userId: string }) {
  useReconcileMyCheckouts(userId);
  return null;
}

function DashboardArea() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PaidCheckoutsRecorded userId={user.id} />
      <LiveMessages userId={user.id} />
      <DashboardPages userId={user.id} />
    </>
  );
}

export default function DashboardRoutes() {
  return (
    <RequireUser>
      <DashboardArea />
    </RequireUser>
  );
}
