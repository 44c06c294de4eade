import { Bell, Heart, LayoutDashboard, LogOut, Menu, Tag, UserRound, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { CATEGORY_PAGES } from '@shared/values';
import { Wordmark } from './logo';

const actions = [
  { to: paths.subscribe, label: 'Get Truck Alerts', icon: Bell },
  { to: paths.sellTruck, label: 'Sell Your Truck', icon: Tag },
  { to: paths.dealerDashboard, label: 'Dashboard', icon: LayoutDashboard },
] as const;

/** The shared header (spec §1): logo home, and the three actions; a menu button at small widths. */
export function Header() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const { isSignedIn, name, email, signOut } = useAuth();
  const displayName = name ?? email;
  const onSignOut = async () => {
    try {
      await signOut();
      toast({ title: 'Signed out', description: 'You have been signed out.' });
      navigate(paths.home);
    } catch {
      toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
    }
  };

  // Close the mobile menu whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-40 bg-primary text-primary-foreground shadow-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="rounded-md" aria-label="TruckYard home">
          <Wordmark />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-2 md:flex">
          <NavLink
            to={actions[0].to}
            className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-white hover:bg-white/10 hover:text-white')}
          >
            <Bell aria-hidden="true" />
            Get Truck Alerts
          </NavLink>
          <NavLink to={actions[1].to} className={cn(buttonVariants({ variant: 'accent', size: 'sm' }), 'shadow-sm')}>
            <Tag aria-hidden="true" />
            Sell Your Truck
          </NavLink>
          <NavLink
            to={actions[2].to}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'border-white/30 bg-transparent text-white hover:bg-white/10',
            )}
          >
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </NavLink>
          {isSignedIn ? (
            <>
              <NavLink
                to={paths.saved}
                className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-white hover:bg-white/10 hover:text-white')}
              >
                <Heart aria-hidden="true" />
                {/* Icon only at tablet widths, so Sign out still fits. */}
                <span className="sr-only lg:not-sr-only">Saved</span>
              </NavLink>
              {displayName ? (
                <span
                  className="ml-2 hidden max-w-48 items-center gap-1.5 truncate text-sm text-white/90 lg:inline-flex"
                  title={displayName}
                >
                  <UserRound className="size-4 shrink-0" aria-hidden="true" />
                  <span className="sr-only">Signed in as </span>
                  <span className="truncate">{displayName}</span>
                </span>
              ) : null}
              <button
                type="button"
                onClick={onSignOut}
                className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-white hover:bg-white/10 hover:text-white')}
              >
                <LogOut aria-hidden="true" />
                Sign out
              </button>
            </>
          ) : null}
        </nav>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-white/10 bg-primary md:hidden">
        <nav aria-label="Mobile" className="mx-auto max-w-7xl space-y-1 px-4 py-3">
          {actions.map(({ to, label, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-3 font-semibold',
                to === paths.sellTruck ? 'bg-accent text-accent-foreground' : 'text-white hover:bg-white/10',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </Link>
          ))}
          {isSignedIn ? (
            <Link to={paths.saved} className="flex items-center gap-3 rounded-md px-3 py-3 font-semibold text-white hover:bg-white/10">
              <Heart className="size-5" aria-hidden="true" />
              Saved Trucks
            </Link>
          ) : null}
          {isSignedIn ? (
            <div className="flex items-center justify-between gap-3 rounded-md px-3 py-2">
              {displayName ? (
                <span className="inline-flex min-w-0 items-center gap-2 text-sm text-white/90">
                  <UserRound className="size-4 shrink-0" aria-hidden="true" />
                  <span className="sr-only">Signed in as </span>
                  <span className="truncate">{displayName}</span>
                </span>
              ) : null}
              <button
                type="button"
                onClick={onSignOut}
                className="inline-flex shrink-0 items-center gap-2 rounded-md px-3 py-2 font-semibold text-white hover:bg-white/10"
              >
                <LogOut className="size-5" aria-hidden="true" />
                Sign out
              </button>
            </div>
          ) : null}
          <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wider text-white/60 uppercase">Browse</p>
          <div className="grid grid-cols-2 gap-1">
            {CATEGORY_PAGES.map((c) => (
              <Link key={c.path} to={c.path} className="rounded-md px-3 py-2 text-sm text-white/90 hover:bg-white/10">
                {c.title}
              </Link>
            ))}
          </div>
        </nav>
      </div>
    </header>
  );
}
