import { ChevronDown, Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SUPPORT } from '@shared/constants';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { FAQ_CATEGORIES, type FaqQuestion } from '../data/faq';

export function FaqPage() {
  usePageMeta(
    'Frequently Asked Questions',
    'Answers about buying and selling used trucks on TruckYard, finance and insurance, drivers’ hours, MOTs and marketplace features.',
  );
  // Several answers can be open at once (spec §2 FAQ), so keep a set rather than one id.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Frequently Asked Questions</h1>
        <p className="mt-3 text-lg text-muted-foreground">Quick answers about buying, selling and running trucks with TruckYard.</p>
      </header>

      <nav aria-label="FAQ categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {FAQ_CATEGORIES.map((c) => (
            <li key={c.id}>
              <a href={`#${c.id}`} className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'rounded-full')}>
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-8 space-y-10">
        {FAQ_CATEGORIES.map((c) => (
          <section key={c.id} id={c.id} aria-labelledby={`${c.id}-heading`} className="scroll-mt-24">
            <h2 id={`${c.id}-heading`} className="text-xl font-bold tracking-tight sm:text-2xl">
              {c.title}
            </h2>
            <ul className="mt-4 divide-y divide-border overflow-hidden rounded-lg border border-border bg-card">
              {c.questions.map((q) => (
                <li key={q.id}>
                  <FaqItem question={q} expanded={open.has(q.id)} onToggle={() => toggle(q.id)} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <section aria-labelledby="support-heading" className="mt-12 rounded-lg bg-primary p-6 text-primary-foreground sm:p-8">
        <h2 id="support-heading" className="text-xl font-bold sm:text-2xl">
          Still have a question?
        </h2>
        <p className="mt-2 text-white/85">Our support team is available {SUPPORT.hours.join(', ')}.</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
          <Link to={paths.contact} className={buttonVariants({ variant: 'accent', size: 'lg' })}>
            <Mail aria-hidden="true" />
            Contact Support
          </Link>
          <a
            href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`}
            className="inline-flex items-center gap-2 font-semibold underline-offset-4 hover:underline"
          >
            <Phone aria-hidden="true" className="size-4" />
            Call {SUPPORT.phone}
          </a>
        </div>
      </section>
    </div>
  );
}

function FaqItem({ question, expanded, onToggle }: { question: FaqQuestion; expanded: boolean; onToggle: () => void }) {
  const answerId = `faq-answer-${question.id}`;
  return (
    <>
      <h3 className="text-base">
        <button
          type="button"
          id={`faq-question-${question.id}`}
          aria-expanded={expanded}
          aria-controls={answerId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-muted focus-visible:bg-muted"
        >
          {question.question}
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 text-muted-foreground transition-transform', expanded && 'rotate-180')}
          />
        </button>
      </h3>
      <div id={answerId} hidden={!expanded} className="space-y-3 px-5 pb-5 text-muted-foreground">
        {question.answer.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </>
  );
}
