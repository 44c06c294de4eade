import { Link } from 'react-router-dom';
import { FINANCE_TEXTS, representativeQuote } from '@shared/finance';
import type { PublicFinanceSettings } from '@shared/schemas/finance';
import { paths } from '@/app/paths';
import { cn } from '@/lib/cn';
import { formatPence, formatPercent } from './lib/money';

type Settings = NonNullable<PublicFinanceSettings>;

/** The representative example in words, worked out by the calculator's own arithmetic (shared/finance.ts). */
export function representativeExampleText(settings: Settings): string {
  const ex = settings.representativeExample;
  const q = representativeQuote(ex);
  const n = ex.termMonths;
  const payments =
    q.finalPayment === q.monthly
      ? `${n} monthly payments of ${formatPence(q.monthly)}`
      : `${n - 1} monthly payments of ${formatPence(q.monthly)} and a final payment of ${formatPence(q.finalPayment)}${
          ex.balloonPounds ? ` (including a balloon of ${formatPence(ex.balloonPounds * 100)})` : ''
        }`;
  return [
    `Representative example: cash price ${formatPence(q.cashPrice)}`,
    `deposit ${formatPence(q.upfront)}`,
    `amount of credit ${formatPence(q.amountOfCredit)}`,
    `${payments}`,
    `total amount payable ${formatPence(q.totalPayable)}`,
    `cost of credit ${formatPence(q.costOfCredit)}`,
    `representative ${formatPercent(ex.aprPercent)} APR (fixed).`,
  ].join(', ');
}

/**
 * What goes beside every monthly figure (issue 26 §3): the representative example, the illustration
 * and broker statement, the FCA number and a link to /finance. Demo settings say so.
 */
export function FinanceNotice({ settings, className, id }: { settings: Settings; className?: string; id?: string }) {
  return (
    <div id={id} data-testid="finance-notice" className={cn('space-y-1.5 text-xs leading-relaxed text-muted-foreground', className)}>
      <p>
        {representativeExampleText(settings)}
        {settings.demo ? <DemoMark /> : null}
      </p>
      <p className="font-medium text-foreground/80">{FINANCE_TEXTS.illustration}</p>
      <p>
        FCA registration number {settings.fcaNumber}
        {settings.demo ? <DemoMark /> : null}.{' '}
        <Link to={paths.finance} className="font-semibold text-primary underline-offset-2 hover:underline">
          About finance
        </Link>
      </p>
    </div>
  );
}

function DemoMark() {
  return <span className="ml-1 rounded bg-amber-100 px-1 py-px font-semibold text-amber-900">(demo)</span>;
}
