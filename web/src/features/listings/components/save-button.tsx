import { lazy, Suspense } from 'react';
import { OptionalPart } from '@/components/ui/optional-part';
import { useAuth } from '@/lib/auth';
import type { SaveToggleProps } from './save-toggle';

const SaveToggle = lazy(() => import('./save-toggle').then((m) => ({ default: m.SaveToggle })));

/**
 * Save / Saved toggle for signed-in users (issue 3 §7); nothing for visitors. The server renders
 * every page as a visitor sees it, so the toggle (./save-toggle.tsx, with the saved list's API)
 * is downloaded once someone is signed in, not with the first screen.
 */
export function SaveButton(props: SaveToggleProps) {
  const { isSignedIn } = useAuth();
  if (!isSignedIn) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <SaveToggle {...props} />
      </Suspense>
    </OptionalPart>
  );
}
