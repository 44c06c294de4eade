import { Bell, LayoutDashboard, Menu, Tag, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { OptionalPart } from '@/components/ui/optional-part';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { onIdle } from '@/lib/when-idle-or-near';
import { headerActions } from './header-actions';
import { Wordmark } from './logo';

const loadMenus = () => import('./header-menus');
const SignedInActions = lazy(() => loadMenus().then((m) => ({ default: m.SignedInActions })));
const MobileMenu = lazy(() => loadMenus().then((m) => ({ default: m.MobileMenu })));

/**
 * The shared header (spec §1): logo home, and the three actions; a menu button at small widths.
 * The signed-in visitor's actions and the mobile menu's links load with ./header-menus.tsx once
 * the browser is idle, or sooner when someone is signed in or the menu is opened (the download
 * starts as the button is pressed); should that code fail to load, they are left out (OptionalPart).
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const { isSignedIn } = useAuth();
  const [alerts, sell, dashboard] = headerActions;

  // The menus' code once the browser is idle, so the menu opens at once on a first tap (a phone's
  // only way to the category pages and, signed in, to Saved and Sign out).
  useEffect(() => onIdle(() => void loadMenus().catch(() => undefined), 5000), []);

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
            to={alerts.to}
            className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-white hover:bg-white/10 hover:text-white')}
          >
            <Bell aria-hidden="true" />
            Get Truck Alerts
          </NavLink>
          <NavLink to={sell.to} className={cn(buttonVariants({ variant: 'accent', size: 'sm' }), 'shadow-sm')}>
            <Tag aria-hidden="true" />
            Sell Your Truck
          </NavLink>
          <NavLink
            to={dashboard.to}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'border-white/30 bg-transparent text-white hover:bg-white/10',
            )}
          >
            <LayoutDashboard aria-hidden="true" />
            Dashboard
          </NavLink>
          {isSignedIn ? (
            <OptionalPart>
              <Suspense fallback={null}>
                <SignedInActions />
              </Suspense>
            </OptionalPart>
          ) : null}
        </nav>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onPointerDown={() => void loadMenus().catch(() => undefined)}
          onClick={() => {
            setOpened(true);
            setOpen((o) => !o);
          }}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-white/10 bg-primary md:hidden">
        {opened ? (
          <OptionalPart>
            <Suspense fallback={null}>
              <MobileMenu />
            </Suspense>
          </OptionalPart>
        ) : null}
      </div>
    </header>
  );
}
