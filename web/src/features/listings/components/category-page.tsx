import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { usePageMeta } from '@/lib/page-meta';
import type { CATEGORY_PAGES } from '@shared/values';
import { BrowseSection } from './browse-section';

type CategoryPageConfig = (typeof CATEGORY_PAGES)[number];

/** One of the nine category browse pages: the browse UI with the category fixed. */
export function CategoryPage({ page }: { page: CategoryPageConfig }) {
  usePageMeta(`Used ${page.title} for Sale`, page.description);
  return (
    <>
      <div className="border-b border-border bg-card">
        <PageContainer className="py-8 sm:py-10">
          <Link to={paths.home} className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{page.title}</h1>
          <p className="mt-2 max-w-3xl text-lg text-muted-foreground">{page.description}</p>
        </PageContainer>
      </div>
      <PageContainer className="py-8">
        <BrowseSection
          fixedCategory={page.category}
          emptyNoun={page.emptyNoun}
          heading={`${page.title} for sale`}
          hideHeading
          aboveTheFold
        />
      </PageContainer>
    </>
  );
}
