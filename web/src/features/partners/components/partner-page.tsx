import { ArrowLeft, CheckCircle2, ExternalLink, Info, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { Explainer, Partner } from '../data/partner';

interface PartnerPageProps {
  title: string;
  intro: string;
  icon: ReactNode;
  explainersHeading: string;
  explainers: Explainer[];
  partnersHeading: string;
  partnersIntro: string;
  partners: Partner[];
  disclaimer: ReactNode;
}

/** Layout shared by /finance, /insurance and /warranty: explainers, partner cards, disclaimer. */
export function PartnerPage({
  title,
  intro,
  icon,
  explainersHeading,
  explainers,
  partnersHeading,
  partnersIntro,
  partners,
  disclaimer,
}: PartnerPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <Link to={paths.home} className={cn(buttonVariants({ variant: 'link' }), 'h-auto px-0 text-sm')}>
        <ArrowLeft aria-hidden="true" />
        Back to marketplace
      </Link>

      <header className="mt-4 flex flex-col gap-4 rounded-lg bg-primary px-6 py-8 text-primary-foreground sm:flex-row sm:items-center sm:px-10 sm:py-10">
        <div className="flex size-14 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-7">
          {icon}
        </div>
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-3xl text-base text-white/85 sm:text-lg">{intro}</p>
        </div>
      </header>

      <section aria-labelledby="explainers-heading" className="mt-10">
        <h2 id="explainers-heading" className="text-2xl font-bold tracking-tight">
          {explainersHeading}
        </h2>
        <div className="mt-5 grid gap-5 md:grid-cols-3">
          {explainers.map((e) => (
            <Card key={e.title}>
              <CardHeader>
                <CardTitle>{e.title}</CardTitle>
                <p className="text-sm text-muted-foreground">{e.summary}</p>
              </CardHeader>
              <CardContent>
                <ul className="space-y-2 text-sm">
                  {e.points.map((p) => (
                    <li key={p} className="flex gap-2">
                      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                      <span>{p}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="partners-heading" className="mt-12">
        <h2 id="partners-heading" className="text-2xl font-bold tracking-tight">
          {partnersHeading}
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">{partnersIntro}</p>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {partners.map((p) => (
            <li key={p.name} className="flex">
              <PartnerCard partner={p} />
            </li>
          ))}
        </ul>
      </section>

      <aside className="mt-12 flex gap-3 rounded-lg border border-border bg-muted p-5 text-sm">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="space-y-2">{disclaimer}</div>
      </aside>
    </div>
  );
}

function PartnerCard({ partner }: { partner: Partner }) {
  return (
    <Card className="flex w-full flex-col">
      <CardHeader>
        <CardTitle>{partner.name}</CardTitle>
        <p className="text-sm text-muted-foreground">{partner.description}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <ul className="flex flex-wrap gap-2" aria-label={`${partner.name} specialties`}>
          {partner.specialties.map((s) => (
            <li key={s}>
              <Badge variant="muted">{s}</Badge>
            </li>
          ))}
        </ul>
        <dl className="space-y-2 text-sm">
          <div className="flex items-center gap-2">
            <dt>
              <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="sr-only">Phone</span>
            </dt>
            <dd>
              <a className="font-medium text-primary underline-offset-4 hover:underline" href={`tel:${partner.phone.replace(/\s/g, '')}`}>
                {partner.phone}
              </a>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="min-w-0">
              <a
                className="[overflow-wrap:anywhere] font-medium text-primary underline-offset-4 hover:underline"
                href={`mailto:${partner.email}`}
              >
                {partner.email}
              </a>
            </dd>
          </div>
        </dl>
        <a
          href={partner.website}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants({ variant: 'outline' }), 'mt-auto w-full')}
        >
          Visit Website
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">of {partner.name} (opens in a new tab)</span>
        </a>
      </CardContent>
    </Card>
  );
}
