import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, LogOut, ShieldCheck } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { loadAuthSession, useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { usePageMeta } from '@/lib/page-meta';
import { adminKeys, adminSessionQuery } from '../api/admin-api';
import { ADMIN_TEXTS } from '../lib/texts';
import { AnalyticsTab } from './analytics-tab';
import { StaffMfaSetup, TotpChallenge } from './staff-mfa';
import type { SignInResult, TotpSetup } from '@/lib/auth-session';

const UsersTab = lazy(() => import('./users-tab').then((m) => ({ default: m.UsersTab })));
const ListingsTab = lazy(() => import('./listings-tab').then((m) => ({ default: m.ListingsTab })));
const MediaTab = lazy(() => import('./media-tab').then((m) => ({ default: m.MediaTab })));
const ContentTab = lazy(() => import('./content-tab').then((m) => ({ default: m.ContentTab })));
const PromotionsTab = lazy(() => import('./promotions-tab').then((m) => ({ default: m.PromotionsTab })));
const InboxTab = lazy(() => import('./inbox-tab').then((m) => ({ default: m.InboxTab })));
const ReportsTab = lazy(() => import('./reports-tab').then((m) => ({ default: m.ReportsTab })));
const FinanceSettingsTab = lazy(() => import('./finance-settings-form').then((m) => ({ default: m.FinanceSettingsTab })));
const AuditTab = lazy(() => import('./audit-tab').then((m) => ({ default: m.AuditTab })));

const TABS = [
  { id: 'analytics', label: 'Analytics' },
  { id: 'users', label: 'Users' },
  { id: 'listings', label: 'Listings' },
  { id: 'media', label: 'Media' },
  { id: 'content', label: 'Content' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'inbox', label: 'Inbox' },
  { id: 'reports', label: 'Reports' },
  { id: 'finance', label: 'Finance settings' },
  { id: 'audit', label: 'Audit', superAdminOnly: true },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin (spec §2): loading, then the sign-in form for anyone who is not verified staff, then the
 * header with the role and the tabs. Staff status comes from the API (token groups), never from
 * anything the browser reads itself.
 */
export function AdminPage() {
  usePageMeta('Admin', 'TruckYard staff area');
  const auth = useAuth();
  const session = useQuery(adminSessionQuery(auth.ready && auth.isSignedIn));
  const verifying = !auth.ready || (auth.isSignedIn && session.isPending);

  useEffect(() => {
    const err = session.error;
    if (err && !(err instanceof ApiError && (err.status === 401 || err.status === 403)))
      toast({ title: ADMIN_TEXTS.verifyFailed, variant: 'destructive' });
  }, [session.error]);

  if (verifying) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status">
        <Spinner label="Loading admin area..." />
      </div>
    );
  }
  // Staff whose account has no authenticator app yet: set it up before anything else.
  if (auth.isSignedIn && session.error instanceof ApiError && session.error.code === 'MFA_REQUIRED')
    return <StaffMfaSetup email={auth.email} />;
  if (!auth.isSignedIn || !session.data) return <AdminSignIn signedInAsCustomer={auth.isSignedIn} />;
  return <AdminConsole role={session.data.role} email={auth.email} />;
}

function AdminSignIn({ signedInAsCustomer }: { signedInAsCustomer: boolean }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Cognito's MFA challenge after the password: set up an authenticator app (with its key), or type its code.
  const [challenge, setChallenge] = useState<{ setup: TotpSetup | null } | null>(null);

  /** Runs one sign-in step; on success checks staff status with the API. */
  const step = async (run: (session: Awaited<ReturnType<typeof loadAuthSession>>) => Promise<SignInResult>) => {
    setSubmitting(true);
    let session: Awaited<ReturnType<typeof loadAuthSession>> | null = null;
    try {
      session = await loadAuthSession();
      const result = await run(session);
      if (result.kind === 'totp-setup') return setChallenge({ setup: result.setup });
      if (result.kind === 'totp-code') return setChallenge({ setup: null });
      if (result.kind !== 'signed-in') throw new Error(ADMIN_TEXTS.loginFailed);
      setChallenge(null);
      const who = await queryClient.fetchQuery({ ...adminSessionQuery(true), staleTime: 0 });
      queryClient.setQueryData(adminKeys.session, who);
      toast({ title: ADMIN_TEXTS.loggedIn, variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'MFA_REQUIRED') {
        // Signed in, but the account has no authenticator app: the session query now holds this
        // error, and AdminPage shows the set-up.
        return;
      }
      const message = err instanceof ApiError ? err.message : (session?.authErrorMessage(err) ?? ADMIN_TEXTS.loginFailed);
      toast({ title: ADMIN_TEXTS.loginFailed, description: message, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return;
    await step((session) => session.signInWithPassword(email.trim(), password));
  };
  const onCode = (code: string) => step((session) => session.answerSignInChallenge(email.trim(), code));

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="h-5 w-5" aria-hidden /> Admin sign in
          </CardTitle>
        </CardHeader>
        <CardContent>
          {signedInAsCustomer && (
            <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              This account has no admin access. Sign in with an admin account.
            </p>
          )}
          {challenge ? (
            <TotpChallenge setup={challenge.setup} onCode={onCode} />
          ) : (
            <form onSubmit={onSubmit} className="space-y-4" noValidate>
              <div className="space-y-1.5">
                <Label htmlFor="admin-email">Admin Email</Label>
                <Input
                  id="admin-email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="admin-password">Password</Label>
                <div className="relative">
                  <Input
                    id="admin-password"
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    className="pr-10"
                  />
                  <button
                    type="button"
                    className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground"
                    onClick={() => setShowPassword((v) => !v)}
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                  >
                    {showPassword ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
                  </button>
                </div>
              </div>
              <Button type="submit" className="w-full" disabled={submitting}>
                {submitting ? 'Signing In...' : 'Sign In'}
              </Button>
            </form>
          )}
          <p className="mt-4 text-sm text-muted-foreground">Creating an admin account requires super admin privileges.</p>
        </CardContent>
      </Card>
    </div>
  );
}

function AdminConsole({ role, email }: { role: 'admin' | 'super_admin'; email: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const isSuper = role === 'super_admin';
  const tabs = TABS.filter((t) => !('superAdminOnly' in t) || isSuper);
  const requested = params.get('tab') as TabId | null;
  const tab: TabId = tabs.some((t) => t.id === requested) ? (requested as TabId) : 'analytics';

  const logout = async () => {
    try {
      await (await loadAuthSession()).signOutEverywhere();
      queryClient.removeQueries({ queryKey: adminKeys.all });
      navigate('/');
    } catch (err) {
      toast({ title: ADMIN_TEXTS.logoutFailed, variant: 'destructive' });
      console.error(err);
    }
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">TruckYard Admin</h1>
          <p className="text-sm text-muted-foreground">
            Signed in as {email ?? 'staff'} · <span data-testid="admin-role">{isSuper ? 'Super Admin' : 'Admin'}</span>
          </p>
        </div>
        <Button variant="outline" onClick={logout}>
          <LogOut className="mr-2 h-4 w-4" aria-hidden /> Logout
        </Button>
      </header>
      <div role="tablist" aria-label="Admin sections" className="mb-6 flex flex-wrap gap-1 border-b">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              tab === t.id ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
            onClick={() => setParams({ tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <Suspense fallback={<Spinner label="Loading..." />}>
          {tab === 'analytics' && <AnalyticsTab />}
          {tab === 'users' && <UsersTab isSuperAdmin={isSuper} />}
          {tab === 'listings' && <ListingsTab />}
          {tab === 'media' && <MediaTab />}
          {tab === 'content' && <ContentTab />}
          {tab === 'promotions' && <PromotionsTab />}
          {tab === 'inbox' && <InboxTab />}
          {tab === 'reports' && <ReportsTab />}
          {tab === 'finance' && <FinanceSettingsTab />}
          {tab === 'audit' && isSuper && <AuditTab />}
        </Suspense>
      </div>
    </div>
  );
}
