/**
 * The one canonical value set for categories, fuels, transmissions and makes.
 * Every stored value is one of these `value`s; each screen offers the subset the spec names
 * for it (see the `*_OPTIONS_*` lists), so a truck listed on any form appears on its category page.
 */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

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

export const AXLE_CONFIGS = ['4x2', '4x4', '6x2', '6x4', '6x6', '8x2', '8x4', '8x6', '8x8'] as const;
export type AxleConfig = (typeof AXLE_CONFIGS)[number];

export const EURO_STANDARDS = [
  { value: 'euro3', label: 'Euro 3' },
  { value: 'euro4', label: 'Euro 4' },
  { value: 'euro5', label: 'Euro 5' },
  { value: 'euro6', label: 'Euro 6' },
] as const;
export type EuroStandard = (typeof EURO_STANDARDS)[number]['value'];
export const EURO_VALUES = EURO_STANDARDS.map((e) => e.value) as [EuroStandard, ...EuroStandard[]];

export const CAB_TYPES = [
  { value: 'day', label: 'Day cab' },
  { value: 'sleeper', label: 'Sleeper cab' },
  { value: 'high-roof-sleeper', label: 'High-roof sleeper' },
  { value: 'crew', label: 'Crew cab' },
] as const;
export type CabType = (typeof CAB_TYPES)[number]['value'];
export const CAB_VALUES = CAB_TYPES.map((c) => c.value) as [CabType, ...CabType[]];

export const VAT_STATUSES = [
  { value: 'plus_vat', label: '+VAT' },
  { value: 'no_vat', label: 'No VAT' },
] as const;
export type VatStatus = (typeof VAT_STATUSES)[number]['value'];
export const VAT_VALUES = VAT_STATUSES.map((v) => v.value) as [VatStatus, ...VatStatus[]];

export const LISTING_STATUSES = ['active', 'inactive', 'pending', 'sold', 'expired'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Screen-specific subsets (spec §9 "Option lists"): what each screen offers, in its order. */
export const BROWSE_MAKES: Make[] = [
  'mercedes',
  'volvo',
  'scania',
  'man',
  'daf',
  'iveco',
  'renault',
  'ford',
  'isuzu',
  'mitsubishi',
  'other',
];
export const SELL_MAKES: Make[] = ['volvo', 'scania', 'daf', 'mercedes', 'man', 'iveco', 'renault', 'ford', 'other'];
export const BROWSE_CATEGORIES: Category[] = [
  'articulated',
  'rigid',
  'tipper',
  'curtainsider',
  'box-van',
  'flatbed',
  'refrigerated',
  'specialist',
  'beavertail',
  'other',
];
export const SELL_CATEGORIES: Category[] = [
  'articulated',
  'rigid',
  'tipper',
  'box-van',
  'curtainsider',
  'flatbed',
  'refrigerated',
  'specialist',
  'beavertail',
  'other',
];
/** Edit form labels per spec: 'Rigid Trucks', 'Articulated Trucks', 'Flatbed', … */
export const EDIT_CATEGORIES: Option<Category>[] = [
  { value: 'rigid', label: 'Rigid Trucks' },
  { value: 'articulated', label: 'Articulated Trucks' },
  { value: 'flatbed', label: 'Flatbed' },
  { value: 'box-van', label: 'Box Van' },
  { value: 'curtainsider', label: 'Curtainsider' },
  { value: 'tipper', label: 'Tipper' },
  { value: 'refrigerated', label: 'Refrigerated' },
  { value: 'beavertail', label: 'Beavertail' },
  { value: 'specialist', label: 'Specialist' },
];
export const BROWSE_FUELS: Fuel[] = ['diesel', 'electric', 'hybrid', 'cng'];
export const SELL_FUELS: Fuel[] = ['diesel', 'electric', 'hybrid'];
export const EDIT_FUELS: Fuel[] = ['diesel', 'petrol', 'electric', 'hybrid'];
export const BROWSE_TRANSMISSIONS: Transmission[] = ['manual', 'automatic', 'semi-automatic'];
export const SELL_TRANSMISSIONS: Transmission[] = ['manual', 'automatic'];
export const EDIT_TRANSMISSIONS: Transmission[] = ['manual', 'automatic'];
export const VALUATION_TRANSMISSIONS: Transmission[] = ['manual', 'automatic', 'semi-automatic', 'automated-manual'];

function labelOf(list: ReadonlyArray<{ value: string; label: string }>, value: string | null | undefined): string | null {
  if (value == null) return null;
  return list.find((o) => o.value === value)?.label ?? null;
}
export const categoryLabel = (v: string | null | undefined) => labelOf(CATEGORIES, v);
export const fuelLabel = (v: string | null | undefined) => labelOf(FUELS, v);
export const transmissionLabel = (v: string | null | undefined) => labelOf(TRANSMISSIONS, v);
export const makeLabel = (v: string | null | undefined) => labelOf(MAKES, v);
export const euroLabel = (v: string | null | undefined) => labelOf(EURO_STANDARDS, v);
export const cabLabel = (v: string | null | undefined) => labelOf(CAB_TYPES, v);

/** Options for a screen's subset, with the canonical labels. */
export function optionsFor<V extends string>(list: ReadonlyArray<{ value: V; label: string }>, subset: readonly V[]): Option<V>[] {
  return subset.map((v) => ({ value: v, label: list.find((o) => o.value === v)?.label ?? v }));
}

const CATEGORY_ALIASES: Record<string, Category> = {
  'box van': 'box-van',
  boxvan: 'box-van',
  'box vans': 'box-van',
  'box-vans': 'box-van',
  beavertails: 'beavertail',
  'rigid trucks': 'rigid',
  'articulated trucks': 'articulated',
  artic: 'articulated',
  tippers: 'tipper',
  flatbeds: 'flatbed',
  curtainsiders: 'curtainsider',
  fridge: 'refrigerated',
  trucks: 'other',
};
/** Maps any spelling the spec's screens use ('box van', 'Beavertails', 'Rigid Trucks') to the canonical value. */
export function normaliseCategory(input: string | null | undefined): Category | null {
  if (!input) return null;
  const key = input.trim().toLowerCase();
  if ((CATEGORY_VALUES as string[]).includes(key)) return key as Category;
  return CATEGORY_ALIASES[key] ?? null;
}
const MAKE_ALIASES: Record<string, Make> = {
  'mercedes-benz': 'mercedes',
  'mercedes benz': 'mercedes',
  merc: 'mercedes',
  fuso: 'mitsubishi',
  'mitsubishi fuso': 'mitsubishi',
  'renault trucks': 'renault',
};
export function normaliseMake(input: string | null | undefined): Make | null {
  if (!input) return null;
  const key = input.trim().toLowerCase();
  if ((MAKE_VALUES as string[]).includes(key)) return key as Make;
  return MAKE_ALIASES[key] ?? null;
}
