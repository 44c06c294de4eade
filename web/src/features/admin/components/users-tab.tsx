import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { USER_FILTERS, type AdminUser, type UserFilter } from '@shared/schemas/admin';
import { useMakeAdmin, useRemoveAdmin, useSendPasswordReset, useSetUserStatus, useUsers } from '../api/admin-api';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { DealerApplicationsPanel, DealerCapControl } from './dealer-review';
import { StorefrontVisibilityControl } from './storefront-visibility';
import { ADMIN_TEXTS } from '../lib/texts';
import { FilterButtons, PagedList, capitalise, formatDate } from './shared';

const FILTER_LABELS: Record<UserFilter, string> = {
  all: 'All',
  dealers: 'Dealers',
  individuals: 'Individuals',
  admins: 'Admins',
  suspended: 'Suspended',
};

/** Users: search, filters, suspend/activate, password reset e-mail, Make Admin and Remove admin (super admins). Filters live in the URL. */
export function UsersTab({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const [params, setParams] = useSearchParams();
  const filter = (USER_FILTERS as readonly string[]).includes(params.get('filter') ?? '') ? (params.get('filter') as UserFilter) : 'all';
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const [resetFor, setResetFor] = useState<AdminUser | null>(null);
  const users = useUsers(filter, q);
  const setStatus = useSetUserStatus();
  const makeAdmin = useMakeAdmin();
  const removeAdmin = useRemoveAdmin();

  const update = (next: Record<string, string>) => setParams({ tab: 'users', filter, q, ...next });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft.trim() });
  };

  const toggle = async (u: AdminUser) => {
    const status = u.accountStatus === 'active' ? 'suspended' : 'active';
    try {
      await setStatus.mutateAsync({ userId: u.userId, status });
      notifySuccess(status === 'suspended' ? ADMIN_TEXTS.suspended : ADMIN_TEXTS.activated);
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.updateUserStatus, err);
    }
  };
  // Asking for the status the account already has queues its unfinished listings job again.
  const resume = async (u: AdminUser) => {
    try {
      await setStatus.mutateAsync({ userId: u.userId, status: u.accountStatus });
      notifySuccess(ADMIN_TEXTS.resumed);
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.updateUserStatus, err);
    }
  };
  const grant = async (u: AdminUser) => {
    try {
      await makeAdmin.mutateAsync(u.userId);
      notifySuccess(ADMIN_TEXTS.granted);
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.grantFailed, err);
    }
  };

  const revoke = async (u: AdminUser) => {
    const who = u.fullName ?? u.email ?? 'this user';
    if (!window.confirm(`Remove admin access from ${who}? They lose the admin area at once.`)) return;
    try {
      await removeAdmin.mutateAsync(u.userId);
      notifySuccess(ADMIN_TEXTS.adminRemoved);
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.removeAdminFailed, err);
    }
  };

  return (
    <div className="space-y-4">
      <DealerApplicationsPanel />
      <form onSubmit={onSearch} className="flex gap-2">
        <Label htmlFor="user-search" className="sr-only">
          Search users
        </Label>
        <Input
          id="user-search"
          placeholder="Search by name, e-mail, company or phone"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <FilterButtons
        label="Filter users"
        options={USER_FILTERS.map((v) => ({ value: v, label: FILTER_LABELS[v] }))}
        value={filter}
        onChange={(v) => update({ filter: v })}
      />
      <p className="text-xs text-muted-foreground">
        A role change takes effect at the user's next sign-in or token refresh (within an hour).
      </p>
      <PagedList query={users} failureText={ADMIN_TEXTS.loadUsers} emptyText={ADMIN_TEXTS.empty.users}>
        {(items) => (
          <ul className="divide-y rounded-md border">
            {items.map((u) => (
              <li key={u.userId} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="admin-user-row">
                <div className="min-w-0">
                  <p className="font-medium">
                    {u.fullName ?? 'Unnamed'} {u.companyName && <span className="text-muted-foreground">· {u.companyName}</span>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {u.email} · joined {formatDate(u.createdAt)}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <Badge variant="outline">{capitalise(u.accountType)}</Badge>
                    {u.adminRole && <Badge>{u.adminRole === 'super_admin' ? 'Super Admin' : 'Admin'}</Badge>}
                    <Badge variant={u.accountStatus === 'suspended' ? 'destructive' : 'outline'}>{capitalise(u.accountStatus)}</Badge>
                    {u.listingsSync && <Badge variant="accent">{ADMIN_TEXTS.listingsSync[u.listingsSync]}</Badge>}
                  </div>
                  {u.listingsSync && (
                    <p role="status" className="mt-1 text-xs text-muted-foreground" data-testid="listings-sync-note">
                      {ADMIN_TEXTS.listingsSyncNote[u.listingsSync]}
                    </p>
                  )}
                  <div className="mt-2">
                    <DealerCapControl user={u} />
                    <StorefrontVisibilityControl user={u} />
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant={u.accountStatus === 'active' ? 'destructive' : 'default'}
                    onClick={() => void toggle(u)}
                    disabled={setStatus.isPending}
                  >
                    {u.accountStatus === 'active' ? 'Suspend' : 'Activate'}
                  </Button>
                  {u.listingsSync && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void resume(u)}
                      disabled={setStatus.isPending}
                      title="Queue the listings job again if this row has not changed for a while"
                    >
                      Resume
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => setResetFor(u)}>
                    Reset Password
                  </Button>
                  {isSuperAdmin && !u.adminRole && u.accountStatus === 'active' && (
                    <Button size="sm" variant="outline" onClick={() => void grant(u)} disabled={makeAdmin.isPending}>
                      Make Admin
                    </Button>
                  )}
                  {isSuperAdmin && u.adminRole === 'admin' && (
                    <Button size="sm" variant="outline" onClick={() => void revoke(u)} disabled={removeAdmin.isPending}>
                      Remove admin
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {resetFor && <ResetDialog user={resetFor} onClose={() => setResetFor(null)} />}
    </div>
  );
}

/** The reset dialog (spec §2): it does nothing while the e-mail is empty. */
function ResetDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [email, setEmail] = useState(user.email ?? '');
  const send = useSendPasswordReset();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    try {
      await send.mutateAsync(user.userId);
      notifySuccess(ADMIN_TEXTS.resetSent);
      onClose();
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.resetFailed, err);
    }
  };
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="reset-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4"
    >
      <form onSubmit={submit} className="w-full max-w-md space-y-4 rounded-lg bg-card p-6 shadow-lg">
        <h2 id="reset-title" className="text-lg font-semibold">
          Send password reset e-mail
        </h2>
        <div className="space-y-1.5">
          <Label htmlFor="reset-email">E-mail</Label>
          <Input id="reset-email" type="email" value={email} readOnly={Boolean(user.email)} onChange={(e) => setEmail(e.target.value)} />
          <p className="text-xs text-muted-foreground">The e-mail's code is entered on /reset-password.</p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            Send reset e-mail
          </Button>
        </div>
      </form>
    </div>
  );
}
