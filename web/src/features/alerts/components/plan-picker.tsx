import { Check } from 'lucide-react';
import { PLAN_FEATURES, type SubscriptionTier, type TierId } from '@shared/schemas/alerts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

export const formatPlanPrice = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** The plans from the tiers table (price_amount / 100), gold marked 'Most Popular'. */
export function PlanPicker({
  tiers,
  choosing,
  onChoose,
}: {
  tiers: SubscriptionTier[];
  choosing: TierId | null;
  onChoose: (tier: TierId) => void;
}) {
  return (
    <div>
      <div className="grid gap-6 md:grid-cols-3">
        {tiers.map((tier) => {
          const popular = tier.id === 'gold';
          return (
            <Card key={tier.id} className={cn('relative flex flex-col p-6', popular && 'border-2 border-accent shadow-lg')}>
              {popular ? (
                <Badge variant="accent" className="absolute -top-3 left-1/2 -translate-x-1/2">
                  Most Popular
                </Badge>
              ) : null}
              <h3 className="text-xl font-bold">{tier.name}</h3>
              <p className="mt-2">
                <span className="text-3xl font-extrabold">{formatPlanPrice(tier.priceAmount)}</span>
                <span className="text-muted-foreground"> / month</span>
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {PLAN_FEATURES[tier.id].map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
              <Button
                className="mt-6"
                variant={popular ? 'accent' : 'default'}
                disabled={choosing !== null}
                onClick={() => onChoose(tier.id)}
              >
                {choosing === tier.id ? <Spinner /> : null}
                Choose {tier.name}
              </Button>
            </Card>
          );
        })}
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">Cancel anytime — no cancellation fees. Prices include VAT.</p>
    </div>
  );
}
