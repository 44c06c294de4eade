/**
 * The parts of the header (./header.tsx) that the first screen never shows: the server renders
 * every page as an anonymous visitor sees it, with the mobile menu closed. Their code is
 * downloaded when someone is signed in, or when the menu is opened.
 */
import { Heart, LogOut, UserRound } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { CATEGORY_PAGES } from '@shared/values';
import { headerActions } from './header-actions';

function useSignOut() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  return async () => {
    try {
      await signOut();
      toast({ title: 'Signed out', description: 'You have been signed out.' });
      navigate(paths.home);
    } catch {
      toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
    }
  };
}

/** The signed-in visitor's Saved link, name and Sign out, after the main actions at tablet widths and up. */
export function SignedInActions() {
  const { name, email } = useAuth();
  const displayName = name ?? email;
  const onSignOut = useSignOut();
  return (
    <>
      <NavLink
        to={paths.saved}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-white hover:bg-white/10 hover:text-white')}
      >
        <Heart aria-hidden="true" />
        {/* Icon only at tablet widths, so Sign out still fits. */}
        <span className="sr-only lg:not-sr-only">Saved</span>
      </NavLink>
      {displayName ? <SignedInAs name={displayName} className="ml-2 hidden max-w-48 gap-1.5 truncate lg:inline-flex" /> : null}
      <button
        type="button"
        onClick={onSignOut}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-white hover:bg-white/10 hover:text-white')}
      >
        <LogOut aria-hidden="true" />
        Sign out
      </button>
    </>
  );
}

/** The menu's links at small widths: the three actions, the signed-in visitor's, and every category page. */
export function MobileMenu() {
  const { isSignedIn, name, email } = useAuth();
  const displayName = name ?? email;
  const onSignOut = useSignOut();
  return (
    <nav aria-label="Mobile" className="mx-auto max-w-7xl space-y-1 px-4 py-3">
      {headerActions.map(({ to, label, icon: Icon }) => (
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
          {displayName ? <SignedInAs name={displayName} className="inline-flex min-w-0 gap-2" /> : null}
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
  );
}

/** Who is signed in, in the header's actions and in the menu (with the layout each gives it). */
function SignedInAs({ name, className }: { name: string; className: string }) {
  return (
    <span className={cn('items-center text-sm text-white/90', className)} title={name}>
      <UserRound className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">Signed in as </span>
      <span className="truncate">{name}</span>
    </span>
  );
}
