import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '@/components/auth/require-auth';
import { paths } from './paths';

const SubscribePage = lazy(() => import('@/features/alerts/components/subscribe-page').then((m) => ({ default: m.SubscribePage })));
const SubscriptionDashboardPage = lazy(() =>
  import('@/features/alerts/components/subscription-dashboard-page').then((m) => ({ default: m.SubscriptionDashboardPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('@/features/alerts/components/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentCancelledPage = lazy(() =>
  import('@/features/alerts/components/payment-cancelled-page').then((m) => ({ default: m.PaymentCancelledPage })),
);
const OrderSuccessPage = lazy(() =>
  import('@/features/equipment/components/order-success-page').then((m) => ({ default: m.OrderSuccessPage })),
);
const UnsubscribePage = lazy(() => import('@/features/alerts/components/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })));

const dashboard = (
  <RequireAuth>
    <SubscriptionDashboardPage />
  </RequireAuth>
);

/** Truck alerts and subscriptions (issue 10), spread into the root layout's children by the router. */
export const alertsRoutes: RouteObject[] = [
  { path: paths.subscribe, element: <SubscribePage /> },
  { path: paths.dashboard, element: dashboard },
  { path: paths.subscriptionDashboard, element: dashboard },
  { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
  { path: paths.paymentCancelled, element: <PaymentCancelledPage /> },
  // Equipment checkout's return page (issue 10 §7).
  { path: paths.equipmentOrderSuccess, element: <OrderSuccessPage /> },
  { path: paths.unsubscribe, element: <UnsubscribePage /> },
];
