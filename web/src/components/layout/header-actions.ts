import { Bell, LayoutDashboard, Tag } from 'lucide-react';
import { paths } from '@/app/paths';

/** The header's three actions (spec §1), in the desktop bar and the mobile menu. */
export const headerActions = [
  { to: paths.subscribe, label: 'Get Truck Alerts', icon: Bell },
  { to: paths.sellTruck, label: 'Sell Your Truck', icon: Tag },
  { to: paths.dealerDashboard, label: 'Dashboard', icon: LayoutDashboard },
] as const;
