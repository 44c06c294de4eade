import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api-client';
import type { AdminUser } from '@shared/schemas/admin';
import { notifyFailure, notifySuccess } from '../lib/notify';

/** PATCH /api/admin/users/{id}/storefront — hide or show a dealer's storefront (issue 26 §1; audited). */
const setStorefrontHidden = ({ userId, hidden }: { userId: string; hidden: boolean }) =>
  apiRequest<{ slug: string; hidden: boolean }>(`/admin/users/${encodeURIComponent(userId)}/storefront`, {
    method: 'PATCH',
    body: { hidden },
  });

/** A dealer row's storefront control in admin › Users: hide it (a 404, out of the directory and sitemap) or show it again. */
export function StorefrontVisibilityControl({ user }: { user: AdminUser }) {
  const [changed, setChanged] = useState<{ slug: string; hidden: boolean } | null>(null);
  const set = useMutation({ mutationFn: setStorefrontHidden });
  if (user.accountType !== 'dealer') return null;
  // The last change made here, else what the list says (none yet: made on the first change).
  const state = changed ?? user.storefront ?? null;
  const act = async (hidden: boolean) => {
    try {
      const out = await set.mutateAsync({ userId: user.userId, hidden });
      setChanged(out);
      notifySuccess(hidden ? 'Storefront hidden' : 'Storefront shown');
    } catch (err) {
      notifyFailure('Could not change the storefront', err);
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-xs" data-testid="storefront-visibility">
      <span className="text-muted-foreground">Storefront{state ? (state.hidden ? ': hidden' : ':') : ': not made yet'}</span>
      {state && !state.hidden ? (
        <Link to={paths.dealer(state.slug)} className="font-semibold text-primary hover:underline">
          {paths.dealer(state.slug)}
        </Link>
      ) : null}
      {state?.hidden ? (
        <Button size="sm" variant="outline" disabled={set.isPending} onClick={() => void act(false)}>
          Show storefront
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={set.isPending} onClick={() => void act(true)}>
          Hide storefront
        </Button>
      )}
    </div>
  );
}
