import { usePageMeta } from '@/lib/page-meta';
import { PRIVACY_POLICY } from '../data/privacy-policy';
import { LegalDocumentView } from './legal-document-view';

export function PrivacyPolicyPage() {
  usePageMeta('Privacy Policy', 'How TruckYard collects, uses and protects your personal data under UK GDPR, and how to use your rights.');
  return <LegalDocumentView document={PRIVACY_POLICY} />;
}
