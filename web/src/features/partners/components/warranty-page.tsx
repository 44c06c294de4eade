import { Wrench } from 'lucide-react';
import { usePageMeta } from '@/lib/page-meta';
import { WARRANTY_EXPLAINERS, WARRANTY_PARTNERS } from '../data/warranty-partners';
import { PartnerPage } from './partner-page';

export function WarrantyPage() {
  usePageMeta(
    'Truck Warranties',
    'Mechanical breakdown, extended warranty and fleet protection for used trucks, from specialist warranty providers.',
  );
  return (
    <PartnerPage
      title="Truck Warranties"
      intro="Avoid unexpected repair bills. Compare warranty cover for used trucks and contact providers who specialise in HGVs."
      icon={<Wrench />}
      explainersHeading="Coverage options"
      explainers={WARRANTY_EXPLAINERS}
      partnersHeading="Warranty providers"
      partnersIntro="Independent providers of mechanical breakdown and extended warranties. Contact them directly for cover."
      partners={WARRANTY_PARTNERS}
      disclaimer={
        <p>
          TruckYard is not a warranty provider. Warranties are supplied by the companies listed, on their own terms; read what is covered,
          the claim limits and the servicing conditions before you buy.
        </p>
      }
    />
  );
}
