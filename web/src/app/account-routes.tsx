import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '@/components/auth/require-auth';
import { paths } from './paths';

// Each account screen is its own chunk; Amplify comes with the sign-in screens, never with the home page.
const AuthPage = lazy(() => import('@/features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })));
const DealerLoginPage = lazy(() => import('@/features/auth/components/dealer-login-page').then((m) => ({ default: m.DealerLoginPage })));
const DealerSignupPage = lazy(() => import('@/features/auth/components/dealer-signup-page').then((m) => ({ default: m.DealerSignupPage })));
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SellPage = lazy(() => import('@/features/sell/components/sell-page').then((m) => ({ default: m.SellPage })));
const DealerDashboardPage = lazy(() =>
  import('@/features/dashboard/components/dealer-dashboard-page').then((m) => ({ default: m.DealerDashboardPage })),
);
const EditListingPage = lazy(() =>
  import('@/features/edit-listing/components/edit-listing-page').then((m) => ({ default: m.EditListingPage })),
);
const AccountPage = lazy(() => import('@/features/account/components/account-page').then((m) => ({ default: m.AccountPage })));
const SavedPage = lazy(() => import('@/features/listings/components/saved-page').then((m) => ({ default: m.SavedPage })));

/** Accounts and selling (issue 3), spread into the root layout's children by the router. */
export const accountRoutes: RouteObject[] = [
  { path: paths.auth, element: <AuthPage /> },
  {
    path: paths.account,
    element: (
      <RequireAuth>
        <AccountPage />
      </RequireAuth>
    ),
  },
  { path: paths.dealerLogin, element: <DealerLoginPage /> },
  { path: paths.dealerSignup, element: <DealerSignupPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  {
    path: paths.sellTruck,
    element: (
      <RequireAuth>
        <SellPage />
      </RequireAuth>
    ),
  },
  {
    path: paths.dealerDashboard,
    element: (
      <RequireAuth>
        <DealerDashboardPage />
      </RequireAuth>
    ),
  },
  { path: '/edit-truck/:id', element: <EditListingPage /> },
  {
    path: paths.saved,
    element: (
      <RequireAuth>
        <SavedPage />
      </RequireAuth>
    ),
  },
];
