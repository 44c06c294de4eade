import { lazy, Suspense } from 'react';
import type { QueryValue } from '@/lib/api-client';
import { OptionalPart } from '@/components/ui/optional-part';
import { useAuth } from '@/lib/auth';

const SaveSearchForm = lazy(() => import('./save-search-form').then((m) => ({ default: m.SaveSearchForm })));

/**
 * "Save this search" on browse (issue 26 §4), for signed-in users; nothing for visitors. Like the
 * Save toggle, its code is downloaded once someone is signed in, not with the first screen.
 */
export function SaveSearch({ query }: { query: Record<string, QueryValue> }) {
  const { isSignedIn } = useAuth();
  if (!isSignedIn) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <SaveSearchForm query={query} />
      </Suspense>
    </OptionalPart>
  );
}
