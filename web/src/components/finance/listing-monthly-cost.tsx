import { illustrativeMonthly } from '@shared/finance';
import type { PublicFinanceSettings } from '@shared/schemas/finance';
import { formatPenceUpToPounds, formatPercent } from './lib/money';
import { FinanceNotice } from './finance-notice';

/**
 * A card's "from £X/month" (issue 26 §3): HP on the listing's price at the representative example's
 * terms, labelled as an illustration on them; the representative example, the broker statement and
 * the FCA number follow the cards (FinanceFootnote). Nothing while finance is off (`settings` null)
 * or the price is POA. The settings come from the grid, which reads them once for all its cards.
 */
export function ListingMonthlyCost({ listing, settings }: { listing: { price: number; status: string }; settings: PublicFinanceSettings }) {
  if (!settings || !(listing.price > 0) || listing.status !== 'active') return null;
  const ex = settings.representativeExample;
  const depositShare = Math.round((ex.depositPounds / ex.cashPricePounds) * 100);
  return (
    <p className="text-sm leading-snug" data-testid="card-monthly-cost">
      <span className="font-semibold text-foreground">from {formatPenceUpToPounds(illustrativeMonthly(listing.price, ex))}/month</span>{' '}
      <span className="text-xs text-muted-foreground">
        illustration on our representative terms: {formatPercent(ex.aprPercent)} APR, {ex.termMonths} months, {depositShare}% deposit
        {ex.balloonPounds ? ', with a balloon' : ''}
        {settings.demo ? ' (demo)' : ''}
      </span>
    </p>
  );
}

/** Under a grid of cards: what goes with their monthly figures. Nothing while finance is off. */
export function FinanceFootnote({ settings }: { settings: PublicFinanceSettings }) {
  if (!settings) return null;
  return <FinanceNotice settings={settings} className="mt-4 rounded-md border border-border bg-card p-3" />;
}
