import { PoundSterling } from 'lucide-react';
import { usePageMeta } from '@/lib/page-meta';
import { FINANCE_EXPLAINERS, FINANCE_PARTNERS } from '../data/finance-partners';
import { PartnerPage } from './partner-page';

export function FinancePage() {
  usePageMeta(
    'Vehicle Finance Options',
    'Compare hire purchase, finance lease and operating lease for used HGVs, and contact specialist truck finance companies.',
  );
  return (
    <PartnerPage
      title="Vehicle Finance Options"
      intro="Spread the cost of your next truck. Compare the main ways to finance a used HGV and talk to lenders who understand haulage."
      icon={<PoundSterling />}
      explainersHeading="Ways to finance a truck"
      explainers={FINANCE_EXPLAINERS}
      partnersHeading="Finance partners"
      partnersIntro="Specialist lenders for owner-drivers, fleets and new operators. Contact them directly for a quote."
      partners={FINANCE_PARTNERS}
      disclaimer={
        <>
          <p>
            <strong>Finance is subject to status.</strong> Terms and conditions apply, and applicants must be 18 or over. Your truck may be
            at risk if you do not keep up repayments on a finance agreement secured on it.
          </p>
          <p>
            TruckYard acts as a credit broker, not a lender. We introduce you to the finance companies listed above and do not make lending
            decisions ourselves.
          </p>
        </>
      }
    />
  );
}
