/**
 * A listing's other specification values (axle configuration, Euro standard, cab, VAT status,
 * listing status), the subset of each canonical value set (./values.ts) that each screen offers,
 * and the normalisers of the other spellings the spec's screens use. The forms, the schemas and the
 * API read this module; the first screen of a page does not.
 */
import { CATEGORY_VALUES, type Category, type Fuel, labelOf, MAKE_VALUES, type Make, type Transmission } from './values.js';

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

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
