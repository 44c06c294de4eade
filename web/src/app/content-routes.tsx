import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from './paths';

// Each content page is its own chunk; the root layout's <Suspense> shows the fallback while one loads.
const FinancePage = lazy(() => import('@/features/partners/components/finance-page').then((m) => ({ default: m.FinancePage })));
const InsurancePage = lazy(() => import('@/features/partners/components/insurance-page').then((m) => ({ default: m.InsurancePage })));
const WarrantyPage = lazy(() => import('@/features/partners/components/warranty-page').then((m) => ({ default: m.WarrantyPage })));
const FaqPage = lazy(() => import('@/features/faq/components/faq-page').then((m) => ({ default: m.FaqPage })));
const PrivacyPolicyPage = lazy(() =>
  import('@/features/legal/components/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() => import('@/features/legal/components/terms-page').then((m) => ({ default: m.TermsPage })));
const ContactPage = lazy(() => import('@/features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })));
const ValuationPage = lazy(() => import('@/features/valuation/components/valuation-page').then((m) => ({ default: m.ValuationPage })));
const EquipmentPage = lazy(() => import('@/features/equipment/components/equipment-page').then((m) => ({ default: m.EquipmentPage })));

/** Static and form pages (issue 4), spread into the root layout's children by the router. */
export const contentRoutes: RouteObject[] = [
  { path: paths.finance, element: <FinancePage /> },
  { path: paths.insurance, element: <InsurancePage /> },
  { path: paths.warranty, element: <WarrantyPage /> },
  { path: paths.faq, element: <FaqPage /> },
  { path: paths.privacy, element: <PrivacyPolicyPage /> },
  { path: paths.terms, element: <TermsPage /> },
  { path: paths.contact, element: <ContactPage /> },
  { path: paths.valuation, element: <ValuationPage /> },
  { path: paths.equipment, element: <EquipmentPage /> },
];
