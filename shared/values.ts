/**
 * The one canonical value set for categories, fuels, transmissions and makes, with their labels,
 * and the category browse pages. Every stored value is one of these `value`s; each screen offers
 * the subset the spec names for it (./listing-options.ts), so a truck listed on any form appears
 * on its category page. The first screen of every page (header, footer, listing cards) reads this
 * module; what only forms and the API read (the other specification values, the screens' subsets,
 * the normalisers) is in ./listing-options.ts, so the browser does not download it with them.
 */

export const CATEGORIES = [
  { value: 'articulated', label: 'Articulated', plural: 'Articulated Trucks', slug: 'articulated-trucks' },
  { value: 'rigid', label: 'Rigid', plural: 'Rigid Trucks', slug: 'rigid-trucks' },
  { value: 'tipper', label: 'Tipper', plural: 'Tippers', slug: 'tippers' },
  { value: 'box-van', label: 'Box Van', plural: 'Box Vans', slug: 'box-vans' },
  { value: 'curtainsider', label: 'Curtainsider', plural: 'Curtainsiders', slug: 'curtainsiders' },
  { value: 'flatbed', label: 'Flatbed', plural: 'Flatbeds', slug: 'flatbeds' },
  { value: 'refrigerated', label: 'Refrigerated', plural: 'Refrigerated Trucks', slug: 'refrigerated' },
  { value: 'specialist', label: 'Specialist', plural: 'Specialist Vehicles', slug: 'specialist' },
  { value: 'beavertail', label: 'Beavertail', plural: 'Beavertails', slug: 'beavertails' },
  { value: 'other', label: 'Other', plural: 'Other Vehicles', slug: 'other' },
] as const;
export type Category = (typeof CATEGORIES)[number]['value'];
export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

/** The nine category browse pages (spec §2), in footer order. */
export const CATEGORY_PAGES: ReadonlyArray<{
  path: string;
  category: Category;
  title: string;
  /** Noun used in 'No <category> found'. */
  emptyNoun: string;
  description: string;
}> = [
  {
    path: '/articulated-trucks',
    category: 'articulated',
    title: 'Articulated Trucks',
    emptyNoun: 'articulated trucks',
    description: 'Used tractor units and artics for sale across the UK, from 4x2 day cabs to 6x2 Globetrotters.',
  },
  {
    path: '/rigid-trucks',
    category: 'rigid',
    title: 'Rigid Trucks',
    emptyNoun: 'rigid trucks',
    description: 'Used rigid HGVs from 7.5 to 32 tonnes: box bodies, dropsides, skip loaders and more.',
  },
  {
    path: '/tippers',
    category: 'tipper',
    title: 'Tippers',
    emptyNoun: 'tippers',
    description: 'Used tipper trucks for sale: 4-axle muck-away, grab tippers and 7.5 t tippers.',
  },
  {
    path: '/box-vans',
    category: 'box-van',
    title: 'Box Vans',
    emptyNoun: 'box vans',
    description: 'Used box vans and box-bodied lorries with tail lifts for parcels, removals and retail.',
  },
  {
    path: '/curtainsiders',
    category: 'curtainsider',
    title: 'Curtainsiders',
    emptyNoun: 'curtainsiders',
    description: 'Used curtainsider trucks for palletised freight, 7.5 t to 26 t.',
  },
  {
    path: '/flatbeds',
    category: 'flatbed',
    title: 'Flatbeds',
    emptyNoun: 'flatbeds',
    description: 'Used flatbed and dropside lorries, many with rear-mounted cranes.',
  },
  {
    path: '/refrigerated',
    category: 'refrigerated',
    title: 'Refrigerated Trucks',
    emptyNoun: 'refrigerated trucks',
    description: 'Used fridge trucks with Carrier and Thermo King units for chilled and frozen distribution.',
  },
  {
    path: '/specialist',
    category: 'specialist',
    title: 'Specialist Vehicles',
    emptyNoun: 'specialist vehicles',
    description: 'Used specialist HGVs: recovery trucks, hook loaders, gully emptiers and mixers.',
  },
  {
    path: '/beavertails',
    category: 'beavertail',
    title: 'Beavertails',
    emptyNoun: 'beavertails',
    description: 'Used beavertail plant lorries with ramps for moving machinery and vehicles.',
  },
];

export const FUELS = [
  { value: 'diesel', label: 'Diesel' },
  { value: 'petrol', label: 'Petrol' },
  { value: 'electric', label: 'Electric' },
  { value: 'hybrid', label: 'Hybrid' },
  { value: 'cng', label: 'CNG' },
] as const;
export type Fuel = (typeof FUELS)[number]['value'];
export const FUEL_VALUES = FUELS.map((f) => f.value) as [Fuel, ...Fuel[]];

export const TRANSMISSIONS = [
  { value: 'manual', label: 'Manual' },
  { value: 'automatic', label: 'Automatic' },
  { value: 'semi-automatic', label: 'Semi-automatic' },
  { value: 'automated-manual', label: 'Automated manual' },
] as const;
export type Transmission = (typeof TRANSMISSIONS)[number]['value'];
export const TRANSMISSION_VALUES = TRANSMISSIONS.map((t) => t.value) as [Transmission, ...Transmission[]];

export const MAKES = [
  { value: 'mercedes', label: 'Mercedes-Benz' },
  { value: 'volvo', label: 'Volvo' },
  { value: 'scania', label: 'Scania' },
  { value: 'man', label: 'MAN' },
  { value: 'daf', label: 'DAF' },
  { value: 'iveco', label: 'Iveco' },
  { value: 'renault', label: 'Renault' },
  { value: 'ford', label: 'Ford' },
  { value: 'isuzu', label: 'Isuzu' },
  { value: 'mitsubishi', label: 'Mitsubishi Fuso' },
  { value: 'other', label: 'Other' },
] as const;
export type Make = (typeof MAKES)[number]['value'];
export const MAKE_VALUES = MAKES.map((m) => m.value) as [Make, ...Make[]];

/** The label of `value` in `list`, or null when it is not one of the list's values. */
export function labelOf(list: ReadonlyArray<{ value: string; label: string }>, value: string | null | undefined): string | null {
  if (value == null) return null;
  return list.find((o) => o.value === value)?.label ?? null;
}
export const categoryLabel = (v: string | null | undefined) => labelOf(CATEGORIES, v);
export const fuelLabel = (v: string | null | undefined) => labelOf(FUELS, v);
export const transmissionLabel = (v: string | null | undefined) => labelOf(TRANSMISSIONS, v);
export const makeLabel = (v: string | null | undefined) => labelOf(MAKES, v);
