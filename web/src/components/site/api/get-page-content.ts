import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export interface PublicSection {
  sectionKey: string;
  title: string | null;
  text: string;
  /** Markdown rendered and sanitised on the server. */
  html: string;
}

/** GET /api/content/{slug} — a page's active content sections (staff edit them in /admin → Content). */
const getPageContent = (slug: string, signal?: AbortSignal) => apiGet<{ sections: PublicSection[] }>(`/content/${slug}`, undefined, signal);

export const pageContentQuery = (slug: string) =>
  queryOptions({ queryKey: ['page-content', slug], queryFn: ({ signal }) => getPageContent(slug, signal), staleTime: 60_000, retry: 1 });

/** One section, or null while loading, on failure or when inactive (callers fall back to their built-in text). */
export function useContentSection(slug: string, sectionKey: string): PublicSection | null {
  const { data } = useQuery(pageContentQuery(slug));
  const section = data?.sections.find((s) => s.sectionKey === sectionKey);
  return section && (section.text.trim() || section.title) ? section : null;
}
