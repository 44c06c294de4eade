import { ArrowLeft, BadgeCheck, Clock, PoundSterling } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { VALUATION_PROMISE } from '@shared/schemas/valuation';
import { ValuationForm } from './valuation-form';

const PROMISES = [
  { icon: BadgeCheck, text: VALUATION_PROMISE.badge },
  { icon: Clock, text: `Replies within ${VALUATION_PROMISE.replyTime}` },
  { icon: PoundSterling, text: 'Free, with no obligation to sell' },
];

export function ValuationPage() {
  usePageMeta(
    'Get Your Truck Valued',
    `Request a free valuation for your used truck or trailer from ${VALUATION_PROMISE.whoReplies}. Add photos and get a reply within ${VALUATION_PROMISE.replyTime}.`,
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <Link to={paths.home} className={cn(buttonVariants({ variant: 'link' }), 'h-auto px-0 text-sm')}>
        <ArrowLeft aria-hidden="true" />
        Back to marketplace
      </Link>
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Get Your Truck Valued</h1>
        <p className="mt-3 text-lg text-muted-foreground">{VALUATION_PROMISE.pageIntro}</p>
        <ul className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
          {PROMISES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2 text-sm font-medium">
              <Icon aria-hidden="true" className="size-5 text-success" />
              {text}
            </li>
          ))}
        </ul>
      </header>
      <div className="mt-8">
        <ValuationForm />
      </div>
    </div>
  );
}
