import { ShieldCheck } from 'lucide-react';
import { usePageMeta } from '@/lib/page-meta';
import { INSURANCE_EXPLAINERS, INSURANCE_PARTNERS } from '../data/insurance-partners';
import { PartnerPage } from './partner-page';

export function InsurancePage() {
  usePageMeta(
    'Commercial Vehicle Insurance',
    'Understand third party, comprehensive and goods in transit cover for HGVs, and contact specialist commercial vehicle insurers.',
  );
  return (
    <PartnerPage
      title="Commercial Vehicle Insurance"
      intro="Keep your truck, your load and your business protected. Learn what cover you need and get quotes from specialist insurers."
      icon={<ShieldCheck />}
      explainersHeading="Types of cover"
      explainers={INSURANCE_EXPLAINERS}
      partnersHeading="Insurance partners"
      partnersIntro="Insurers and brokers who specialise in trucks and haulage. Contact them directly for a quote."
      partners={INSURANCE_PARTNERS}
      disclaimer={
        <p>
          TruckYard is not an insurance provider and does not give advice on insurance. The companies listed are independent; check the
          policy documents carefully and make sure any cover meets your legal and contractual obligations before you buy.
        </p>
      }
    />
  );
}
