import { usePageMeta } from '@/lib/page-meta';
import { TERMS } from '../data/terms';
import { LegalDocumentView } from './legal-document-view';

export function TermsPage() {
  usePageMeta(
    'Terms and Conditions',
    'The terms for using the TruckYard marketplace: accounts, free listings, Truck Alert subscriptions and liability.',
  );
  return <LegalDocumentView document={TERMS} />;
}
