/**
 * Demo truck pictures drawn locally as SVG, which dev/seed/images.ts rasterises with sharp (no photos can be
 * downloaded). One side-view model per category, cab colours per make, wheels per axle
 * configuration, and five views (three-quarter, side, rear, cab front, dashboard) so a
 * listing's gallery looks like a dealer's photo set.
 */
import { seededRandom } from '../../shared/seeded-random.js';
import type { Category, Make } from '../../shared/values.js';
import type { AxleConfig, CabType } from '../../shared/listing-options.js';

const ART_WIDTH = 1600;
const ART_HEIGHT = 1200;

export interface TruckArtSpec {
  category: Category;
  make: Make;
  /** Shown on the cab side and the grille, e.g. 'XF 480'. */
  model: string;
  axleConfig: AxleConfig | null;
  cabType: CabType | null;
  gvwTonnes: number | null;
  /** Fictional operator name painted on the body, if any. */
  livery?: string | null;
  /** UK-format registration plate text. */
  plate?: string;
  /** Varies background and pose deterministically. */
  seed: number;
  /** Which of the make's colour schemes (default: from the seed); pictures of one truck share it. */
  colourway?: number;
  /** Flatbeds: a loader crane behind the cab (default: from the seed). */
  crane?: boolean;
  /** Battery packs instead of a fuel tank. */
  electric?: boolean;
}

export type ArtView = 'three-quarter' | 'side' | 'rear' | 'cab' | 'interior' | 'side-right';
/** Gallery order: the first picture is the one on cards, so it is the flattering three-quarter view. */
const VIEW_ORDER: ArtView[] = ['three-quarter', 'side', 'rear', 'cab', 'interior', 'side-right'];
export const viewForIndex = (i: number): ArtView => VIEW_ORDER[i % VIEW_ORDER.length];

// ---------------------------------------------------------------- colours

interface Palette {
  cab: string;
  accent: string;
  grille: string;
  badge: string;
}
const MAKE_PALETTES: Record<Make, Palette[]> = {
  daf: [
    { cab: '#f3f4f1', accent: '#1d4f9a', grille: '#3b3f44', badge: 'DAF' },
    { cab: '#1d3f73', accent: '#c9ced4', grille: '#2b2f33', badge: 'DAF' },
  ],
  scania: [
    { cab: '#b5161c', accent: '#d9dcdf', grille: '#1c1c1e', badge: 'SCANIA' },
    { cab: '#f2f2ef', accent: '#b5161c', grille: '#1c1c1e', badge: 'SCANIA' },
  ],
  volvo: [
    { cab: '#1f4f8b', accent: '#c8ced5', grille: '#26292d', badge: 'VOLVO' },
    { cab: '#eeeeea', accent: '#1f4f8b', grille: '#26292d', badge: 'VOLVO' },
  ],
  mercedes: [
    { cab: '#c3c8cc', accent: '#45494f', grille: '#2a2d31', badge: 'MERCEDES-BENZ' },
    { cab: '#20242a', accent: '#9aa1a8', grille: '#111315', badge: 'MERCEDES-BENZ' },
  ],
  man: [
    { cab: '#f1f1ee', accent: '#8c939b', grille: '#34383c', badge: 'MAN' },
    { cab: '#7d8790', accent: '#d7dbde', grille: '#2c3034', badge: 'MAN' },
  ],
  iveco: [
    { cab: '#1b2a48', accent: '#5ea4d8', grille: '#15191f', badge: 'IVECO' },
    { cab: '#f0f0ee', accent: '#1b2a48', grille: '#2a2e33', badge: 'IVECO' },
  ],
  renault: [
    { cab: '#e06b1a', accent: '#2b2b2b', grille: '#1f1f1f', badge: 'RENAULT' },
    { cab: '#f1f1ef', accent: '#e8b400', grille: '#2a2a2a', badge: 'RENAULT' },
  ],
  ford: [{ cab: '#f2f3f3', accent: '#163d7a', grille: '#22262b', badge: 'FORD' }],
  isuzu: [{ cab: '#f4f4f2', accent: '#c8102e', grille: '#3a3d40', badge: 'ISUZU' }],
  mitsubishi: [{ cab: '#f4f4f2', accent: '#d0202a', grille: '#40444a', badge: 'FUSO' }],
  other: [{ cab: '#2f6b3b', accent: '#d8d8d0', grille: '#1f2421', badge: 'TRUCK' }],
};

/** The shared seeded generator, so a seed always draws the same picture (seed 0 starts elsewhere). */
const rng = (seed: number) => seededRandom(seed >>> 0 || 0x9e3779b9);
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length) % xs.length];

/** Whether a #rrggbb colour is dark enough to need light text on it. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
}
const isDark = (hex: string) => luminance(hex) < 140;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (n: number) => (Math.round(n * 1000) / 1000).toString();

// ---------------------------------------------------------------- geometry (metres, ground at y=0, truck faces -x)

type BodyKind = 'tractor' | 'box' | 'curtain' | 'tipper' | 'flatbed' | 'fridge' | 'beavertail' | 'recovery' | 'dropside';
const BODY_FOR: Record<Category, BodyKind> = {
  articulated: 'tractor',
  rigid: 'box',
  'box-van': 'box',
  curtainsider: 'curtain',
  tipper: 'tipper',
  flatbed: 'flatbed',
  refrigerated: 'fridge',
  beavertail: 'beavertail',
  specialist: 'recovery',
  other: 'dropside',
};

interface Geometry {
  body: BodyKind;
  size: 'light' | 'medium' | 'heavy';
  cabLen: number;
  cabFloor: number;
  roof: number;
  highRoof: boolean;
  crew: boolean;
  wheelR: number;
  axles: number[];
  bodyStart: number;
  rearEnd: number;
  bodyTop: number;
  deck: number;
}

function geometry(spec: TruckArtSpec): Geometry {
  const body = BODY_FOR[spec.category];
  const gvw = spec.gvwTonnes ?? (body === 'tractor' ? 44 : 18);
  const size = body === 'tractor' || gvw >= 18 ? 'heavy' : gvw > 8 ? 'medium' : 'light';
  const cab = spec.cabType ?? (size === 'heavy' ? 'sleeper' : 'day');
  const crew = cab === 'crew';
  const highRoof = cab === 'high-roof-sleeper' && size === 'heavy';
  const cabLen = crew ? 2.9 : size === 'light' ? 1.6 : size === 'medium' ? 1.85 : cab === 'day' ? 1.8 : 2.25;
  const cabFloor = size === 'light' ? 0.85 : size === 'medium' ? 1.0 : 1.2;
  const roof = highRoof ? 3.85 : size === 'light' ? 2.65 : size === 'medium' ? 2.95 : cab === 'day' ? 3.0 : 3.2;
  const wheelR = size === 'light' ? 0.4 : size === 'medium' ? 0.46 : 0.52;
  const nAxles = spec.axleConfig ? Number(spec.axleConfig[0]) / 2 : 2;
  const fa = size === 'light' ? 0.72 : size === 'medium' ? 0.9 : 1.2;
  let axles: number[];
  let overhang: number;
  if (body === 'tractor') {
    axles = nAxles >= 3 ? [fa, fa + 3.05, fa + 4.4] : [fa, fa + 3.7];
    overhang = 0.95;
  } else {
    const wb = size === 'light' ? 3.4 : size === 'medium' ? 4.4 : 5.0;
    if (nAxles >= 4) axles = [fa, fa + 1.95, fa + 4.7, fa + 6.05];
    else if (nAxles === 3) axles = body === 'tipper' ? [fa, fa + 3.6, fa + 4.95] : [fa, fa + wb, fa + wb + 1.35];
    else axles = [fa, fa + wb];
    overhang = body === 'tipper' ? 1.1 : body === 'beavertail' ? 1.6 : body === 'recovery' ? 1.9 : size === 'light' ? 1.9 : 2.5;
  }
  const bodyStart = cabLen + 0.14;
  const rearEnd = axles[axles.length - 1] + overhang;
  const deck = cabFloor + 0.05;
  const bodyTop =
    body === 'box' || body === 'curtain' || body === 'fridge'
      ? size === 'light'
        ? 3.45
        : 3.95
      : body === 'tipper'
        ? deck + 1.35
        : body === 'dropside'
          ? deck + 0.6
          : deck + 0.35;
  return { body, size, cabLen, cabFloor, roof, highRoof, crew, wheelR, axles, bodyStart, rearEnd, bodyTop, deck };
}

// ---------------------------------------------------------------- drawing helpers (all in metres)

/** A text that stays readable when its group is mirrored. */
function label(x: number, y: number, size: number, text: string, fill: string, flip: boolean, weight = 700, anchor = 'middle'): string {
  const t = flip ? ` transform="translate(${f(x)} ${f(y)}) scale(-1 1) translate(${f(-x)} ${f(-y)})"` : '';
  return `<text x="${f(x)}" y="${f(y)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="${weight}" font-size="${f(size)}" fill="${fill}" text-anchor="${anchor}"${t}>${esc(text)}</text>`;
}

function wheel(x: number, r: number): string {
  return [
    `<circle cx="${f(x)}" cy="${f(-r)}" r="${f(r)}" fill="#17181a"/>`,
    `<circle cx="${f(x)}" cy="${f(-r)}" r="${f(r * 0.93)}" fill="none" stroke="#2c2e31" stroke-width="${f(r * 0.06)}"/>`,
    `<circle cx="${f(x)}" cy="${f(-r)}" r="${f(r * 0.56)}" fill="#b9bec3" stroke="#8d9398" stroke-width="0.02"/>`,
    `<circle cx="${f(x)}" cy="${f(-r)}" r="${f(r * 0.42)}" fill="#9aa0a6"/>`,
    `<circle cx="${f(x)}" cy="${f(-r)}" r="${f(r * 0.2)}" fill="#6d7379"/>`,
    ...Array.from({ length: 8 }, (_, i) => {
      const a = (i / 8) * Math.PI * 2;
      return `<circle cx="${f(x + Math.cos(a) * r * 0.31)}" cy="${f(-r + Math.sin(a) * r * 0.31)}" r="${f(r * 0.035)}" fill="#4a4f54"/>`;
    }),
  ].join('');
}

function mudguard(x: number, r: number): string {
  const rr = r + 0.08;
  return `<path d="M${f(x - rr - 0.05)} ${f(-r)} A${f(rr)} ${f(rr)} 0 0 1 ${f(x + rr + 0.05)} ${f(-r)}" fill="none" stroke="#1e1f21" stroke-width="0.09"/>`;
}

// ---------------------------------------------------------------- side view

function cabSide(g: Geometry, p: Palette, spec: TruckArtSpec, flip: boolean): string {
  const { cabLen: L, cabFloor: fl, roof } = g;
  const baseRoof = g.highRoof ? 3.2 : roof;
  const winTop = baseRoof - 0.32;
  const winBot = fl + (baseRoof - fl) * 0.5;
  const doorBack = Math.min(L - 0.15, g.size === 'light' ? 1.25 : 1.35);
  const fx = g.axles[0];
  const out: string[] = [];
  // Main cab shell with a slightly raked front.
  out.push(
    `<path d="M0.02 ${f(-fl + 0.45)} L0 ${f(-fl - 0.4)} L0.1 ${f(-baseRoof + 0.25)} Q0.16 ${f(-baseRoof)} 0.42 ${f(-baseRoof)} L${f(L)} ${f(-baseRoof)} L${f(L)} ${f(-fl + 0.1)} L${f(fx + g.wheelR + 0.12)} ${f(-fl + 0.1)} L${f(fx + g.wheelR + 0.12)} ${f(-g.wheelR - 0.05)} A${f(g.wheelR + 0.12)} ${f(g.wheelR + 0.12)} 0 0 0 ${f(fx - g.wheelR - 0.12)} ${f(-g.wheelR - 0.05)} L${f(fx - g.wheelR - 0.12)} ${f(-fl + 0.45)} Z" fill="${p.cab}" stroke="#1d1f22" stroke-width="0.025"/>`,
  );
  if (g.highRoof) {
    out.push(
      `<path d="M0.2 ${f(-baseRoof)} Q0.3 ${f(-roof + 0.1)} 0.65 ${f(-roof)} L${f(L)} ${f(-roof)} L${f(L)} ${f(-baseRoof)} Z" fill="${p.cab}" stroke="#1d1f22" stroke-width="0.025"/>`,
    );
    out.push(`<rect x="0.8" y="${f(-roof + 0.18)}" width="${f(L - 1.0)}" height="0.14" rx="0.05" fill="${p.accent}" fill-opacity="0.85"/>`);
  }
  // Accent stripe and lower panel.
  out.push(`<rect x="0.02" y="${f(-fl - 0.28)}" width="${f(L - 0.04)}" height="0.1" fill="${p.accent}"/>`);
  out.push(`<rect x="0" y="${f(-fl + 0.15)}" width="${f(fx - g.wheelR - 0.14)}" height="0.32" fill="#2a2c30"/>`);
  // Side window and door.
  out.push(
    `<path d="M0.14 ${f(-winTop)} L${f(doorBack - 0.08)} ${f(-winTop)} L${f(doorBack - 0.08)} ${f(-winBot)} L0.2 ${f(-winBot)} Z" fill="#2e3f50" stroke="#15171a" stroke-width="0.03"/>`,
  );
  out.push(
    `<path d="M0.25 ${f(-winTop + 0.05)} L0.6 ${f(-winTop + 0.05)} L0.3 ${f(-winBot - 0.1)} Z" fill="#ffffff" fill-opacity="0.18"/>`,
  );
  out.push(
    `<path d="M0.1 ${f(-fl + 0.05)} L0.1 ${f(-winTop - 0.08)} L${f(doorBack)} ${f(-winTop - 0.08)} L${f(doorBack)} ${f(-fl + 0.05)}" fill="none" stroke="#1d1f22" stroke-width="0.02" stroke-opacity="0.7"/>`,
  );
  out.push(`<rect x="${f(doorBack - 0.3)}" y="${f(-winBot + 0.12)}" width="0.18" height="0.05" rx="0.02" fill="#33363a"/>`);
  if (g.crew) {
    out.push(
      `<path d="M${f(doorBack + 0.1)} ${f(-winTop)} L${f(L - 0.15)} ${f(-winTop)} L${f(L - 0.15)} ${f(-winBot)} L${f(doorBack + 0.1)} ${f(-winBot)} Z" fill="#2e3f50" stroke="#15171a" stroke-width="0.03"/>`,
    );
  } else if (L - doorBack > 0.5) {
    // Sleeper section: locker door and small vent.
    out.push(
      `<rect x="${f(doorBack + 0.12)}" y="${f(-fl - 0.15)}" width="${f(L - doorBack - 0.3)}" height="0.5" rx="0.04" fill="none" stroke="#1d1f22" stroke-width="0.015" stroke-opacity="0.6"/>`,
    );
    out.push(
      `<rect x="${f(doorBack + 0.12)}" y="${f(-winTop + 0.1)}" width="${f(L - doorBack - 0.3)}" height="0.25" rx="0.05" fill="${p.grille}" fill-opacity="0.7"/>`,
    );
  }
  // Model name on the cab side, steps, headlight, sun visor, mirror.
  // Cab sides carry the short model name ('XF 480', 'FH 500'), not the full trim.
  const modelText = spec.model.split(' ').slice(0, 2).join(' ').toUpperCase();
  const modelSize = Math.min(0.2, (doorBack - 0.25) / (modelText.length * 0.62));
  out.push(
    label(
      (0.1 + doorBack) / 2 + 0.04,
      -winBot + 0.3,
      modelSize,
      modelText,
      isDark(p.cab) ? '#e8eaec' : isDark(p.accent) ? p.accent : '#3a3d41',
      flip,
    ),
  );
  out.push(
    `<rect x="0.18" y="${f(-fl + 0.32)}" width="0.5" height="0.08" fill="#111"/><rect x="0.18" y="${f(-fl + 0.02)}" width="0.5" height="0.08" fill="#111"/>`,
  );
  out.push(`<rect x="-0.02" y="${f(-fl + 0.2)}" width="0.1" height="0.16" rx="0.03" fill="#fff6d5" stroke="#666" stroke-width="0.01"/>`);
  out.push(`<rect x="-0.03" y="${f(-fl + 0.48)}" width="0.16" height="0.14" fill="#1a1b1d"/>`);
  out.push(`<path d="M0.06 ${f(-baseRoof + 0.12)} L0.45 ${f(-baseRoof + 0.12)}" stroke="#1b1c1e" stroke-width="0.06"/>`);
  out.push(
    `<path d="M0.08 ${f(-winTop + 0.2)} L-0.22 ${f(-winTop + 0.1)}" stroke="#1b1c1e" stroke-width="0.04"/><rect x="-0.32" y="${f(-winTop)}" width="0.14" height="0.62" rx="0.04" fill="#1f2124"/>`,
  );
  out.push(`<rect x="-0.27" y="${f(-winTop + 0.7)}" width="0.1" height="0.2" rx="0.03" fill="#1f2124"/>`);
  return out.join('');
}

function chassis(g: Geometry, electric: boolean): string {
  const out: string[] = [];
  const top = g.cabFloor - 0.1;
  out.push(`<rect x="${f(g.cabLen - 0.1)}" y="${f(-top)}" width="${f(g.rearEnd - g.cabLen + 0.1)}" height="0.26" fill="#1c1d1f"/>`);
  // Fuel tank and battery box between the axles.
  const gapStart = g.axles[0] + g.wheelR + 0.25;
  const nextAxle = g.axles.find((a) => a > g.axles[0] + 1.5) ?? g.axles[1];
  const gapEnd = nextAxle - g.wheelR - 0.25;
  if (electric && gapEnd - gapStart > 0.6) {
    // Battery packs with a high-voltage orange cable instead of a diesel tank.
    out.push(
      `<rect x="${f(gapStart)}" y="${f(-top + 0.1)}" width="${f(gapEnd - gapStart)}" height="0.62" rx="0.05" fill="#2f3b4a" stroke="#11161c" stroke-width="0.02"/>`,
      `<path d="M${f(gapStart + 0.1)} ${f(-top + 0.2)} L${f(gapEnd - 0.1)} ${f(-top + 0.2)}" stroke="#f28c28" stroke-width="0.04"/>`,
      `<path d="M${f((gapStart + gapEnd) / 2 + 0.04)} ${f(-top + 0.28)} l-0.1 0.2 l0.08 0 l-0.06 0.2 l0.16 -0.24 l-0.08 0 l0.06 -0.16 z" fill="#f2c400"/>`,
    );
  } else if (gapEnd - gapStart > 0.6) {
    const tankLen = Math.min(1.6, (gapEnd - gapStart) * 0.7);
    out.push(
      `<rect x="${f(gapStart)}" y="${f(-top + 0.15)}" width="${f(tankLen)}" height="0.55" rx="0.18" fill="url(#alu)" stroke="#6b7075" stroke-width="0.015"/>`,
    );
    out.push(
      `<rect x="${f(gapStart + tankLen + 0.1)}" y="${f(-top + 0.2)}" width="${f(Math.min(0.6, gapEnd - gapStart - tankLen - 0.1))}" height="0.42" fill="#2a2c2f"/>`,
    );
  }
  return out.join('');
}

function bodySide(g: Geometry, p: Palette, spec: TruckArtSpec, flip: boolean, r: () => number): string {
  const s = g.bodyStart;
  const e = g.rearEnd;
  const len = e - s;
  const d = g.deck;
  const top = g.bodyTop;
  const out: string[] = [];
  const liveryColour = pick(r, ['#1d3557', '#7a1f2b', '#1f5130', '#3a2f6b', '#b34700']);
  const livery = spec.livery ?? null;
  const liveryText = (y: number, size: number, fill: string) => (livery ? label(s + len / 2, y, size, livery, fill, flip, 800) : '');
  switch (g.body) {
    case 'tractor': {
      const rear = g.axles[g.axles.length - 1];
      out.push(
        `<rect x="${f(rear - 0.75)}" y="${f(-d - 0.22)}" width="1.5" height="0.16" rx="0.04" fill="#3a3d41"/><rect x="${f(rear - 0.55)}" y="${f(-d - 0.3)}" width="1.1" height="0.1" rx="0.05" fill="#565a5f"/>`,
      );
      out.push(`<rect x="${f(s)}" y="${f(-d - 0.1)}" width="${f(Math.max(0.5, rear - s - 0.9))}" height="0.06" fill="#8c9196"/>`);
      out.push(
        `<path d="M${f(s + 0.1)} ${f(-g.roof + 0.6)} q0.25 0.25 0 0.5 q-0.25 0.25 0 0.5 q0.25 0.25 0 0.5" fill="none" stroke="#c62828" stroke-width="0.03"/><path d="M${f(s + 0.2)} ${f(-g.roof + 0.6)} q0.25 0.25 0 0.5 q-0.25 0.25 0 0.5 q0.25 0.25 0 0.5" fill="none" stroke="#f9a825" stroke-width="0.03"/>`,
      );
      // Roof deflector behind the cab.
      if (!g.highRoof)
        out.push(
          `<path d="M${f(g.cabLen - 1.3)} ${f(-g.roof)} Q${f(g.cabLen - 0.5)} ${f(-g.roof - 0.5)} ${f(g.cabLen - 0.02)} ${f(-g.roof - 0.55)} L${f(g.cabLen - 0.02)} ${f(-g.roof)} Z" fill="${p.cab}" stroke="#1d1f22" stroke-width="0.02"/>`,
        );
      out.push(`<rect x="${f(g.cabLen + 0.02)}" y="${f(-g.roof + 0.3)}" width="0.1" height="${f(g.roof - d - 0.4)}" fill="#8c9196"/>`);
      break;
    }
    case 'box':
    case 'fridge': {
      const fridge = g.body === 'fridge';
      out.push(
        `<rect x="${f(s)}" y="${f(-top)}" width="${f(len)}" height="${f(top - d)}" rx="${fridge ? 0.12 : 0.03}" fill="${fridge ? '#fbfbfa' : '#f4f4f2'}" stroke="#4b4f53" stroke-width="0.03"/>`,
      );
      out.push(`<rect x="${f(s)}" y="${f(-d - 0.14)}" width="${f(len)}" height="0.14" fill="#9ba1a6"/>`);
      out.push(`<rect x="${f(s)}" y="${f(-top)}" width="${f(len)}" height="0.1" fill="#c3c7cb"/>`);
      if (!fridge) {
        for (let x = s + 1.2; x < e - 0.3; x += 1.2)
          out.push(`<line x1="${f(x)}" y1="${f(-top + 0.1)}" x2="${f(x)}" y2="${f(-d - 0.14)}" stroke="#d5d8db" stroke-width="0.025"/>`);
      }
      if (livery) {
        out.push(
          `<rect x="${f(s + 0.3)}" y="${f(-top + 0.55)}" width="${f(len - 0.6)}" height="0.9" fill="${liveryColour}" fill-opacity="0.95"/>`,
        );
        out.push(liveryText(-top + 1.17, Math.min(0.55, (len - 0.8) / Math.max(6, livery.length) / 0.62), '#ffffff'));
        out.push(
          label(
            s + len / 2,
            -top + 1.85,
            0.22,
            fridge ? 'CHILLED & FROZEN DISTRIBUTION' : 'NATIONWIDE DELIVERIES',
            liveryColour,
            flip,
            700,
          ),
        );
      }
      if (fridge) {
        out.push(
          `<rect x="${f(s - 0.12)}" y="${f(-top + 0.25)}" width="0.3" height="1.05" rx="0.05" fill="#e9ebec" stroke="#5a5f64" stroke-width="0.02"/>`,
        );
        for (let i = 0; i < 6; i++)
          out.push(
            `<line x1="${f(s - 0.08)}" x2="${f(s + 0.14)}" y1="${f(-top + 0.4 + i * 0.14)}" y2="${f(-top + 0.4 + i * 0.14)}" stroke="#7c8187" stroke-width="0.025"/>`,
          );
        out.push(snowflake(e - 0.6, -d - 0.6, 0.28));
      } else if (g.size !== 'heavy' || r() > 0.4) {
        out.push(`<rect x="${f(e - 0.02)}" y="${f(-d - 1.5)}" width="0.1" height="1.62" fill="#6f757b"/>`);
      }
      break;
    }
    case 'curtain': {
      out.push(
        `<rect x="${f(s)}" y="${f(-top)}" width="${f(len)}" height="${f(top - d)}" fill="${p.accent === '#d9dcdf' ? '#e9eaec' : '#e4e6e8'}"/>`,
      );
      for (let x = s; x < e; x += 0.22) {
        const w = 0.22 * (0.4 + r() * 0.3);
        out.push(
          `<rect x="${f(x + 0.1)}" y="${f(-top + 0.12)}" width="${f(w)}" height="${f(top - d - 0.3)}" fill="#000" fill-opacity="0.06"/>`,
        );
      }
      if (livery) {
        out.push(`<rect x="${f(s)}" y="${f(-top + 0.12)}" width="${f(len)}" height="1.2" fill="${liveryColour}"/>`);
        out.push(liveryText(-top + 0.9, Math.min(0.6, (len - 0.8) / Math.max(6, livery.length) / 0.62), '#ffffff'));
      }
      for (let x = s + 0.35; x < e - 0.1; x += 0.6) {
        out.push(
          `<line x1="${f(x)}" x2="${f(x)}" y1="${f(-top + 0.12)}" y2="${f(-d - 0.12)}" stroke="#3c3f43" stroke-width="0.035" stroke-opacity="0.75"/><rect x="${f(x - 0.04)}" y="${f(-d - 0.28)}" width="0.08" height="0.14" fill="#8a8f94"/>`,
        );
      }
      out.push(`<rect x="${f(s)}" y="${f(-top)}" width="${f(len)}" height="0.14" fill="#8f969c"/>`);
      out.push(`<rect x="${f(s)}" y="${f(-d - 0.14)}" width="${f(len)}" height="0.14" fill="#5f666c"/>`);
      out.push(
        `<rect x="${f(s)}" y="${f(-top)}" width="0.1" height="${f(top - d)}" fill="#7b8288"/><rect x="${f(e - 0.1)}" y="${f(-top)}" width="0.1" height="${f(top - d)}" fill="#7b8288"/>`,
      );
      break;
    }
    case 'tipper': {
      const raised = spec.seed % 3 === 0;
      const hingeX = e - 0.15;
      const angle = raised ? 30 : 0;
      const tubFront = s + 0.1;
      const tub = `<g transform="rotate(${angle} ${f(hingeX)} ${f(-d)})">
        <path d="M${f(tubFront)} ${f(-top)} L${f(e)} ${f(-top)} L${f(e - 0.05)} ${f(-d - 0.15)} L${f(tubFront + 0.25)} ${f(-d - 0.15)} Z" fill="${pick(r, ['#c9a227', '#5d6d7e', '#a93226', p.cab, '#e5e7e9'])}" stroke="#2b2d30" stroke-width="0.03"/>
        ${Array.from({ length: Math.floor((e - tubFront) / 0.55) }, (_, i) => `<line x1="${f(tubFront + 0.35 + i * 0.55)}" x2="${f(tubFront + 0.35 + i * 0.55)}" y1="${f(-top + 0.05)}" y2="${f(-d - 0.2)}" stroke="#000" stroke-opacity="0.22" stroke-width="0.06"/>`).join('')}
        <rect x="${f(tubFront)}" y="${f(-top - 0.08)}" width="${f(e - tubFront)}" height="0.1" fill="#3d4145"/>
        <rect x="${f(tubFront - 0.12)}" y="${f(-top - 0.45)}" width="0.14" height="${f(top - d + 0.3)}" fill="#3d4145"/>
        <rect x="${f(tubFront - 0.02)}" y="${f(-d - 0.15)}" width="${f(e - tubFront)}" height="0.12" fill="#2a2c30"/>
      </g>`;
      if (raised)
        out.push(
          `<line x1="${f(s + 0.6)}" y1="${f(-d + 0.1)}" x2="${f(s + 1.1)}" y2="${f(-d - 2.3)}" stroke="#9aa0a6" stroke-width="0.14"/>`,
        );
      out.push(tub);
      if (livery && !raised) out.push(label(s + (e - s) / 2, -top + 0.7, 0.36, livery, '#ffffff', flip, 800));
      break;
    }
    case 'flatbed':
    case 'dropside':
    case 'beavertail': {
      const beaver = g.body === 'beavertail';
      const deckEnd = beaver ? e - 1.3 : e;
      out.push(`<rect x="${f(s)}" y="${f(-d - 0.22)}" width="${f(deckEnd - s)}" height="0.22" fill="#4b5056"/>`);
      if (beaver) {
        out.push(
          `<path d="M${f(deckEnd)} ${f(-d - 0.22)} L${f(e)} ${f(-d + 0.3)} L${f(e)} ${f(-d + 0.48)} L${f(deckEnd)} ${f(-d)} Z" fill="#4b5056"/>`,
        );
        // Ramps stowed upright at the tail.
        out.push(
          `<path d="M${f(e - 0.1)} ${f(-d + 0.3)} L${f(e - 0.45)} ${f(-d - 2.0)} L${f(e - 0.25)} ${f(-d - 2.05)} L${f(e + 0.08)} ${f(-d + 0.32)} Z" fill="#8e959b" stroke="#3b3f44" stroke-width="0.02"/>`,
        );
        for (let i = 1; i < 8; i++)
          out.push(
            `<line x1="${f(e - 0.1 - i * 0.044)}" x2="${f(e + 0.08 - i * 0.044)}" y1="${f(-d + 0.3 - i * 0.29)}" y2="${f(-d + 0.3 - i * 0.29)}" stroke="#5d6369" stroke-width="0.02"/>`,
          );
        out.push(mini_digger(s + 1.2, -d - 0.22, flip));
      } else if (g.body === 'dropside') {
        out.push(
          `<rect x="${f(s)}" y="${f(-top)}" width="${f(len)}" height="${f(top - d - 0.22)}" fill="#b8bdc2" stroke="#50555a" stroke-width="0.02"/>`,
        );
        for (let x = s + len / 3; x < e - 0.1; x += len / 3)
          out.push(`<line x1="${f(x)}" x2="${f(x)}" y1="${f(-top)}" y2="${f(-d - 0.22)}" stroke="#50555a" stroke-width="0.03"/>`);
      } else {
        // Headboard, low sides and a strapped load of pallets.
        out.push(`<rect x="${f(s)}" y="${f(-d - 1.5)}" width="0.12" height="1.3" fill="#5a6066"/>`);
        for (let x = s + 0.15; x < s + 0.15 + 0.1; x += 0.3)
          out.push(`<rect x="${f(x)}" y="${f(-d - 1.5)}" width="0.04" height="1.3" fill="#3b3f44"/>`);
        const loadColour = pick(r, ['#b5651d', '#c2b280', '#8d99ae', '#a0522d']);
        let x = s + 0.3;
        while (x + 1.1 < e - 0.2) {
          const h = 0.7 + r() * 0.5;
          out.push(
            `<rect x="${f(x)}" y="${f(-d - 0.22 - 0.14)}" width="1.05" height="0.14" fill="#a67c52"/><rect x="${f(x + 0.02)}" y="${f(-d - 0.36 - h)}" width="1.01" height="${f(h)}" fill="${loadColour}" stroke="#5e4630" stroke-width="0.02"/>`,
          );
          for (let k = 1; k < 4; k++)
            out.push(
              `<line x1="${f(x + 0.02)}" x2="${f(x + 1.03)}" y1="${f(-d - 0.36 - (h * k) / 4)}" y2="${f(-d - 0.36 - (h * k) / 4)}" stroke="#000" stroke-opacity="0.15" stroke-width="0.015"/>`,
            );
          out.push(
            `<line x1="${f(x + 0.5)}" x2="${f(x + 0.5)}" y1="${f(-d - 0.36 - h)}" y2="${f(-d - 0.1)}" stroke="#e0a800" stroke-width="0.04"/>`,
          );
          x += 1.15;
        }
        if (spec.crane ?? spec.seed % 2 === 0) out.push(crane(s - 0.02, -d - 0.22));
      }
      if (livery && g.body === 'dropside') out.push(label(s + len / 2, -d - 0.35, 0.3, livery, '#1f2933', flip, 800));
      break;
    }
    case 'recovery': {
      const deckEnd = e - 0.2;
      out.push(
        `<rect x="${f(s)}" y="${f(-d - 0.7)}" width="${f(deckEnd - s)}" height="0.7" fill="${p.cab}" stroke="#2a2c30" stroke-width="0.03"/>`,
      );
      out.push(`<rect x="${f(s)}" y="${f(-d - 0.7)}" width="${f(deckEnd - s)}" height="0.12" fill="${p.accent}"/>`);
      for (let x = s + 0.2; x < deckEnd - 0.5; x += 0.8)
        out.push(
          `<rect x="${f(x)}" y="${f(-d - 0.5)}" width="0.65" height="0.4" rx="0.03" fill="none" stroke="#2a2c30" stroke-width="0.02"/>`,
        );
      // Boom and underlift.
      out.push(
        `<path d="M${f(e - 1.7)} ${f(-d - 0.7)} L${f(e - 0.3)} ${f(-d - 1.9)} L${f(e - 0.05)} ${f(-d - 1.75)} L${f(e - 1.3)} ${f(-d - 0.7)} Z" fill="#d4a017" stroke="#2a2c30" stroke-width="0.03"/>`,
      );
      out.push(`<line x1="${f(e - 0.15)}" y1="${f(-d - 1.8)}" x2="${f(e - 0.15)}" y2="${f(-d - 0.9)}" stroke="#222" stroke-width="0.03"/>`);
      out.push(
        `<path d="M${f(e - 0.4)} ${f(-d + 0.15)} L${f(e + 0.5)} ${f(-d + 0.15)} L${f(e + 0.5)} ${f(-d + 0.35)} L${f(e - 0.4)} ${f(-d + 0.35)} Z" fill="#d4a017" stroke="#222" stroke-width="0.02"/>`,
      );
      out.push(chevrons(e - 0.2, -d - 0.7, 0.18, 0.7));
      if (livery)
        out.push(
          label(s + (deckEnd - s) / 2, -d - 0.2, 0.24, `${livery} · 24HR RECOVERY`, isDark(p.cab) ? '#ffffff' : '#111111', flip, 800),
        );
      break;
    }
  }
  return out.join('');
}

function snowflake(cx: number, cy: number, rr: number): string {
  const arms = [0, 60, 120]
    .map((a) => `<line x1="${f(cx - rr)}" y1="${f(cy)}" x2="${f(cx + rr)}" y2="${f(cy)}" transform="rotate(${a} ${f(cx)} ${f(cy)})"/>`)
    .join('');
  return `<g stroke="#2f80c8" stroke-width="${f(rr * 0.16)}" stroke-linecap="round"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rr * 1.35)}" fill="#e8f3fb" stroke-width="${f(rr * 0.08)}"/>${arms}</g>`;
}

function chevrons(x: number, y: number, w: number, h: number): string {
  const out = [`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#f2c400"/>`];
  for (let k = 0; k < h / 0.16; k++)
    out.push(
      `<path d="M${f(x)} ${f(y + k * 0.16)} L${f(x + w)} ${f(y + k * 0.16 + 0.08)} L${f(x + w)} ${f(y + k * 0.16 + 0.16)} L${f(x)} ${f(y + k * 0.16 + 0.08)} Z" fill="#d62828"/>`,
    );
  return out.join('');
}

function crane(x: number, deckY: number): string {
  return `<g><rect x="${f(x)}" y="${f(deckY - 1.6)}" width="0.45" height="1.6" fill="#c0392b" stroke="#2b2d30" stroke-width="0.02"/>
    <path d="M${f(x + 0.22)} ${f(deckY - 1.5)} L${f(x + 1.9)} ${f(deckY - 2.1)} L${f(x + 1.9)} ${f(deckY - 1.88)} L${f(x + 0.3)} ${f(deckY - 1.25)} Z" fill="#c0392b" stroke="#2b2d30" stroke-width="0.02"/>
    <line x1="${f(x + 1.85)}" y1="${f(deckY - 1.95)}" x2="${f(x + 1.85)}" y2="${f(deckY - 1.3)}" stroke="#222" stroke-width="0.03"/>
    <rect x="${f(x + 0.05)}" y="${f(deckY - 0.9)}" width="0.35" height="0.08" fill="#ffffff"/></g>`;
}

function mini_digger(x: number, deckY: number, flip: boolean): string {
  return `<g><rect x="${f(x)}" y="${f(deckY - 0.35)}" width="1.7" height="0.35" rx="0.15" fill="#2b2b2b"/>
    <rect x="${f(x + 0.2)}" y="${f(deckY - 0.75)}" width="1.3" height="0.42" fill="#f2b705"/>
    <rect x="${f(x + 0.75)}" y="${f(deckY - 1.6)}" width="0.7" height="0.9" rx="0.06" fill="#f2b705" stroke="#333" stroke-width="0.02"/>
    <rect x="${f(x + 0.82)}" y="${f(deckY - 1.5)}" width="0.55" height="0.45" fill="#304050"/>
    <path d="M${f(x + 0.5)} ${f(deckY - 0.9)} L${f(x - 0.3)} ${f(deckY - 1.7)} L${f(x - 0.55)} ${f(deckY - 0.5)}" fill="none" stroke="#f2b705" stroke-width="0.16"/>
    <path d="M${f(x - 0.55)} ${f(deckY - 0.5)} l0.35 0 l-0.1 0.3 z" fill="#444"/>
    ${label(x + 0.85, deckY - 0.45, 0.13, 'MINI-EX', '#222', flip)}</g>`;
}

function truckSide(spec: TruckArtSpec, g: Geometry, p: Palette, flip: boolean, r: () => number): string {
  const out: string[] = [];
  out.push(chassis(g, spec.electric === true));
  out.push(bodySide(g, p, spec, flip, r));
  out.push(cabSide(g, p, spec, flip));
  for (const [i, a] of g.axles.entries()) {
    if (i > 0 || g.axles.length === 4) {
      if (i > 0) out.push(mudguard(a, g.wheelR));
    }
    out.push(wheel(a, g.wheelR));
  }
  // Rear lights and side marker.
  out.push(`<rect x="${f(g.rearEnd - 0.08)}" y="${f(-g.cabFloor + 0.05)}" width="0.1" height="0.16" fill="#c62828"/>`);
  return out.join('');
}

// ---------------------------------------------------------------- front (cab face), in local coordinates u∈[-W,0]

function cabFront(g: Geometry, p: Palette, spec: TruckArtSpec, W: number): string {
  const { cabFloor: fl, roof } = g;
  const baseRoof = g.highRoof ? 3.2 : roof;
  const x0 = -W;
  const mid = -W / 2;
  const out: string[] = [];
  out.push(
    `<path d="M${f(x0)} ${f(-0.55)} L${f(x0)} ${f(-baseRoof + 0.2)} Q${f(x0)} ${f(-baseRoof)} ${f(x0 + 0.2)} ${f(-baseRoof)} L${f(-0.2)} ${f(-baseRoof)} Q0 ${f(-baseRoof)} 0 ${f(-baseRoof + 0.2)} L0 ${f(-0.55)} Z" fill="${p.cab}" stroke="#1d1f22" stroke-width="0.025"/>`,
  );
  if (g.highRoof)
    out.push(
      `<path d="M${f(x0 + 0.1)} ${f(-baseRoof)} Q${f(x0 + 0.15)} ${f(-roof)} ${f(x0 + 0.4)} ${f(-roof)} L${f(-0.4)} ${f(-roof)} Q-0.15 ${f(-roof)} -0.1 ${f(-baseRoof)} Z" fill="${p.cab}" stroke="#1d1f22" stroke-width="0.025"/>`,
    );
  const wsTop = baseRoof - 0.3;
  const wsBot = fl + (baseRoof - fl) * 0.52;
  out.push(
    `<path d="M${f(x0 + 0.12)} ${f(-wsBot)} L${f(x0 + 0.16)} ${f(-wsTop)} L${f(-0.16)} ${f(-wsTop)} L-0.12 ${f(-wsBot)} Z" fill="url(#glass)" stroke="#111" stroke-width="0.035"/>`,
  );
  out.push(
    `<path d="M${f(x0 + 0.4)} ${f(-wsTop + 0.04)} L${f(x0 + 0.9)} ${f(-wsTop + 0.04)} L${f(x0 + 0.5)} ${f(-wsBot - 0.05)} L${f(x0 + 0.2)} ${f(-wsBot - 0.05)} Z" fill="#fff" fill-opacity="0.16"/>`,
  );
  out.push(`<rect x="${f(x0 + 0.05)}" y="${f(-wsTop - 0.2)}" width="${f(W - 0.1)}" height="0.14" rx="0.03" fill="#1c1d1f"/>`);
  out.push(
    `<line x1="${f(mid - 0.6)}" y1="${f(-wsBot - 0.03)}" x2="${f(mid - 0.05)}" y2="${f(-wsBot - 0.35)}" stroke="#111" stroke-width="0.025"/><line x1="${f(mid + 0.35)}" y1="${f(-wsBot - 0.03)}" x2="${f(mid + 0.9)}" y2="${f(-wsBot - 0.35)}" stroke="#111" stroke-width="0.025"/>`,
  );
  // Grille with bars and the make's badge.
  const gTop = wsBot - 0.08;
  const gBot = fl - 0.15;
  out.push(`<rect x="${f(x0 + 0.35)}" y="${f(-gTop)}" width="${f(W - 0.7)}" height="${f(gTop - gBot)}" rx="0.06" fill="${p.grille}"/>`);
  for (let y = gBot + 0.12; y < gTop - 0.05; y += 0.12)
    out.push(`<rect x="${f(x0 + 0.42)}" y="${f(-y)}" width="${f(W - 0.84)}" height="0.035" fill="${p.accent}" fill-opacity="0.55"/>`);
  const badgeW = Math.min(W - 0.9, 0.11 * p.badge.length + 0.3);
  out.push(
    `<rect x="${f(mid - badgeW / 2)}" y="${f(-gTop + 0.12)}" width="${f(badgeW)}" height="0.24" rx="0.05" fill="${p.cab}" fill-opacity="0.92"/>`,
  );
  out.push(
    `<text x="${f(mid)}" y="${f(-gTop + 0.31)}" font-family="DejaVu Sans, sans-serif" font-weight="800" font-size="${f(p.badge.length > 8 ? 0.13 : 0.18)}" fill="${isDark(p.cab) ? '#f4f5f6' : p.grille}" text-anchor="middle">${esc(p.badge)}</text>`,
  );
  // Bumper, headlights, fog lights, number plate.
  out.push(`<rect x="${f(x0 - 0.02)}" y="${f(-fl + 0.12)}" width="${f(W + 0.04)}" height="0.58" rx="0.05" fill="#2a2c30"/>`);
  out.push(
    `<rect x="${f(x0 + 0.08)}" y="${f(-fl + 0.2)}" width="0.48" height="0.2" rx="0.06" fill="#f5f3e8" stroke="#555" stroke-width="0.015"/>`,
  );
  out.push(
    `<rect x="${f(-0.56)}" y="${f(-fl + 0.2)}" width="0.48" height="0.2" rx="0.06" fill="#f5f3e8" stroke="#555" stroke-width="0.015"/>`,
  );
  out.push(
    `<rect x="${f(x0 + 0.1)}" y="${f(-fl + 0.5)}" width="0.2" height="0.1" rx="0.03" fill="#ffe9a8"/><rect x="-0.3" y="${f(-fl + 0.5)}" width="0.2" height="0.1" rx="0.03" fill="#ffe9a8"/>`,
  );
  out.push(
    `<rect x="${f(mid - 0.26)}" y="${f(-fl + 0.46)}" width="0.52" height="0.12" fill="#f7f7f2" stroke="#222" stroke-width="0.008"/>`,
  );
  out.push(
    `<text x="${f(mid)}" y="${f(-fl + 0.555)}" font-family="DejaVu Sans Mono, monospace" font-weight="700" font-size="0.085" fill="#111" text-anchor="middle">${esc(spec.plate ?? '')}</text>`,
  );
  out.push(`<rect x="${f(x0 + 0.1)}" y="${f(-0.55)}" width="${f(W - 0.2)}" height="0.12" fill="#18191b"/>`);
  return out.join('');
}

// ---------------------------------------------------------------- scene

interface Scene {
  sky: [string, string];
  kind: 'yard' | 'road';
  ground: string;
}

function scene(r: () => number): Scene {
  const sky = pick(r, [
    ['#5b9bd5', '#dcebf7'],
    ['#8fa3b5', '#e3e8ec'],
    ['#6aa7de', '#f1f6fb'],
    ['#7f8fa6', '#f3dcc6'],
  ] as Array<[string, string]>);
  const kind = r() < 0.6 ? 'yard' : 'road';
  return { sky, kind, ground: kind === 'yard' ? pick(r, ['#b8b4ab', '#a9a8a2', '#c2bdb2']) : '#4d5054' };
}

function defs(sc: Scene): string {
  return `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sc.sky[0]}"/><stop offset="1" stop-color="${sc.sky[1]}"/></linearGradient>
  <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sc.ground}"/><stop offset="1" stop-color="${sc.ground}" stop-opacity="0.8"/></linearGradient>
  <linearGradient id="alu" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef0f2"/><stop offset="0.5" stop-color="#b9bfc5"/><stop offset="1" stop-color="#8b9197"/></linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b7386"/><stop offset="0.6" stop-color="#2a3a48"/><stop offset="1" stop-color="#1b2530"/></linearGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>`;
}

function background(sc: Scene, horizon: number, r: () => number): string {
  const W = ART_WIDTH;
  const H = ART_HEIGHT;
  const out: string[] = [`<rect width="${W}" height="${H}" fill="url(#sky)"/>`];
  // A few soft clouds.
  for (let i = 0; i < 4; i++) {
    const cx = r() * W;
    const cy = 80 + r() * (horizon - 300);
    out.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(120 + r() * 140)}" ry="${f(28 + r() * 20)}" fill="#fff" fill-opacity="0.5"/>`);
  }
  if (sc.kind === 'yard') {
    // Warehouse with cladding and roller doors, palisade fence, concrete yard with bay lines.
    const bx = r() * 200 - 60;
    out.push(`<rect x="${f(bx)}" y="${f(horizon - 260)}" width="1300" height="260" fill="#9ea7ad"/>`);
    out.push(
      `<path d="M${f(bx - 10)} ${f(horizon - 260)} L${f(bx + 650)} ${f(horizon - 310)} L${f(bx + 1310)} ${f(horizon - 260)} Z" fill="#7c868d"/>`,
    );
    for (let x = bx; x < bx + 1300; x += 18)
      out.push(`<line x1="${f(x)}" x2="${f(x)}" y1="${f(horizon - 258)}" y2="${horizon}" stroke="#8c959b" stroke-width="3"/>`);
    for (let k = 0; k < 3; k++) {
      const dx = bx + 120 + k * 380;
      out.push(`<rect x="${f(dx)}" y="${f(horizon - 190)}" width="230" height="190" fill="#c9ced2" stroke="#6b747a" stroke-width="3"/>`);
      for (let y = horizon - 180; y < horizon; y += 14)
        out.push(`<line x1="${f(dx)}" x2="${f(dx + 230)}" y1="${y}" y2="${y}" stroke="#a7aeb3" stroke-width="2"/>`);
    }
    out.push(`<rect x="${f(Math.max(bx, 0) + 30)}" y="${f(horizon - 240)}" width="360" height="40" fill="#24476b"/>`);
    out.push(
      `<text x="${f(Math.max(bx, 0) + 210)}" y="${f(horizon - 212)}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="24" fill="#fff" text-anchor="middle">COMMERCIAL VEHICLE SALES</text>`,
    );
    for (let x = bx + 1300; x < W; x += 14)
      out.push(`<line x1="${x}" x2="${x}" y1="${horizon - 120}" y2="${horizon}" stroke="#3c5a44" stroke-width="4"/>`);
    out.push(`<rect x="${f(bx + 1300)}" y="${horizon - 110}" width="${W}" height="6" fill="#3c5a44"/>`);
    out.push(`<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#ground)"/>`);
    for (let k = -4; k < 12; k++) {
      const x = k * 260 + (r() * 40 - 20);
      out.push(
        `<line x1="${f(x)}" y1="${horizon + 10}" x2="${f(x - 420)}" y2="${H}" stroke="#f3f0e6" stroke-opacity="0.55" stroke-width="8"/>`,
      );
    }
    for (let k = 0; k < 30; k++)
      out.push(
        `<circle cx="${f(r() * W)}" cy="${f(horizon + r() * (H - horizon))}" r="${f(2 + r() * 6)}" fill="#000" fill-opacity="0.06"/>`,
      );
  } else {
    // Country road: hills, hedgerow, verge, tarmac with dashed centre line.
    out.push(
      `<path d="M0 ${horizon - 90} Q300 ${horizon - 200} 600 ${horizon - 110} T1200 ${horizon - 130} T1600 ${horizon - 100} L1600 ${horizon} L0 ${horizon} Z" fill="#8fae7e"/>`,
    );
    out.push(
      `<path d="M0 ${horizon - 40} Q400 ${horizon - 110} 800 ${horizon - 50} T1600 ${horizon - 60} L1600 ${horizon} L0 ${horizon} Z" fill="#6f9460"/>`,
    );
    for (let x = 0; x < W; x += 40) out.push(`<circle cx="${x + r() * 20}" cy="${horizon - 15}" r="${f(22 + r() * 14)}" fill="#4f7343"/>`);
    out.push(`<rect x="0" y="${horizon}" width="${W}" height="40" fill="#7fa36a"/>`);
    out.push(`<rect x="0" y="${horizon + 40}" width="${W}" height="${H - horizon - 40}" fill="url(#ground)"/>`);
    out.push(`<rect x="0" y="${horizon + 48}" width="${W}" height="6" fill="#e8e8e0"/>`);
    for (let x = -40; x < W; x += 200) out.push(`<rect x="${x}" y="${f(H - 120)}" width="120" height="12" fill="#f1f1ea"/>`);
  }
  return out.join('');
}

// ---------------------------------------------------------------- views

function sideView(spec: TruckArtSpec, g: Geometry, p: Palette, r: () => number, flip: boolean): string {
  const len = g.rearEnd + 0.45;
  const height = Math.max(g.roof, g.bodyTop) + 0.7;
  const S = Math.min(1300 / len, 760 / height);
  const groundY = 960 + r() * 40;
  const x0 = (ART_WIDTH - len * S) / 2 + 0.35 * S;
  const truck = truckSide(spec, g, p, flip, r);
  const shadow = `<ellipse cx="${f(g.rearEnd / 2)}" cy="0.02" rx="${f(g.rearEnd / 2 + 0.4)}" ry="0.22" fill="url(#shadow)"/>`;
  const t = flip
    ? `translate(${f(ART_WIDTH - x0)} ${f(groundY)}) scale(${f(-S)} ${f(S)})`
    : `translate(${f(x0)} ${f(groundY)}) scale(${f(S)})`;
  return `<g transform="${t}">${shadow}${truck}</g>`;
}

function threeQuarterView(spec: TruckArtSpec, g: Geometry, p: Palette, r: () => number): string {
  const W = g.size === 'light' ? 2.05 : 2.45;
  const sideScale = 0.8;
  const frontScale = 0.62;
  const len = g.rearEnd * sideScale + W * frontScale + 0.5;
  const height = Math.max(g.roof, g.bodyTop) + 1.1;
  const S = Math.min(1400 / len, 780 / height);
  const cornerX = (ART_WIDTH - len * S) / 2 + (W * frontScale + 0.3) * S;
  const groundY = 1010 + r() * 30;
  const k = 0.1; // tan of the receding angle
  const side = `<g transform="matrix(${f(sideScale)} ${f(-k)} 0 1 0 0)">${`<ellipse cx="${f(g.rearEnd / 2)}" cy="0.05" rx="${f(g.rearEnd / 2 + 0.5)}" ry="0.35" fill="url(#shadow)"/>`}${truckSide(spec, g, p, false, r)}</g>`;
  // Front wheel seen from the front: a dark tyre edge beside the bumper.
  const frontTyre = `<rect x="${f(-W + 0.02)}" y="${f(-g.wheelR * 2)}" width="0.3" height="${f(g.wheelR * 2)}" rx="0.08" fill="#151617"/>`;
  const front = `<g transform="matrix(${f(frontScale)} ${f(k * 1.6)} 0 1 0 0)">${frontTyre}${cabFront(g, p, spec, W)}</g>`;
  return `<g transform="translate(${f(cornerX)} ${f(groundY)}) scale(${f(S)})">${side}${front}</g>`;
}

function rearView(spec: TruckArtSpec, g: Geometry, p: Palette, r: () => number): string {
  const W = g.size === 'light' ? 2.1 : 2.5;
  const height = Math.max(g.roof, g.bodyTop) + 0.4;
  const S = Math.min(900 / W, 800 / height);
  const cx = ART_WIDTH / 2 + (r() * 120 - 60);
  const groundY = 1030;
  const out: string[] = [];
  const h = -W / 2;
  const d = g.deck;
  const top = g.bodyTop;
  out.push(`<ellipse cx="0" cy="0.03" rx="${f(W * 0.75)}" ry="0.2" fill="url(#shadow)"/>`);
  // Dual rear wheels at each side, axle and chassis.
  for (const sx of [h + 0.05, -h - 0.65])
    out.push(
      `<rect x="${f(sx)}" y="${f(-g.wheelR * 2)}" width="0.6" height="${f(g.wheelR * 2)}" rx="0.1" fill="#151617"/><line x1="${f(sx + 0.3)}" x2="${f(sx + 0.3)}" y1="${f(-g.wheelR * 2)}" y2="0" stroke="#2e3033" stroke-width="0.03"/>`,
    );
  out.push(`<rect x="${f(h + 0.6)}" y="${f(-g.wheelR - 0.08)}" width="${f(W - 1.2)}" height="0.16" fill="#222"/>`);
  out.push(
    `<rect x="-0.5" y="${f(-d + 0.05)}" width="0.12" height="${f(d - 0.4)}" fill="#1c1d1f"/><rect x="0.38" y="${f(-d + 0.05)}" width="0.12" height="${f(d - 0.4)}" fill="#1c1d1f"/>`,
  );
  // Mudflaps.
  for (const sx of [h + 0.05, -h - 0.65]) out.push(`<rect x="${f(sx)}" y="${f(-0.75)}" width="0.6" height="0.55" fill="#1b1c1e"/>`);
  if (g.body === 'tractor') {
    out.push(cabBack(g, p, W));
    out.push(
      `<rect x="-0.7" y="${f(-d - 0.18)}" width="1.4" height="0.14" fill="#3a3d41"/><ellipse cx="0" cy="${f(-d - 0.2)}" rx="0.65" ry="0.06" fill="#565a5f"/>`,
    );
    out.push(`<rect x="${f(h + 0.1)}" y="${f(-d + 0.2)}" width="${f(W - 0.2)}" height="0.12" fill="#2a2c30"/>`);
  } else if (g.body === 'box' || g.body === 'fridge' || g.body === 'curtain') {
    out.push(
      `<rect x="${f(h)}" y="${f(-top)}" width="${f(W)}" height="${f(top - d)}" fill="${g.body === 'curtain' ? '#c9ccd0' : '#f3f3f1'}" stroke="#4b4f53" stroke-width="0.03"/>`,
    );
    out.push(`<line x1="0" x2="0" y1="${f(-top + 0.05)}" y2="${f(-d)}" stroke="#4b4f53" stroke-width="0.025"/>`);
    for (const lx of [h + 0.35, h + 0.85, -h - 0.85, -h - 0.35]) {
      out.push(`<line x1="${f(lx)}" x2="${f(lx)}" y1="${f(-top + 0.1)}" y2="${f(-d - 0.08)}" stroke="#8e959b" stroke-width="0.04"/>`);
      out.push(`<rect x="${f(lx - 0.06)}" y="${f(-(top + d) / 2)}" width="0.12" height="0.2" fill="#6f767c"/>`);
    }
    for (const hy of [top - 0.3, (top + d) / 2 + 0.6, d + 0.4]) {
      out.push(
        `<rect x="${f(h + 0.02)}" y="${f(-hy)}" width="0.12" height="0.1" fill="#777"/><rect x="${f(-h - 0.14)}" y="${f(-hy)}" width="0.12" height="0.1" fill="#777"/>`,
      );
    }
    if (g.body === 'fridge') out.push(snowflake(-0.55, -top + 0.55, 0.18));
    if (g.body === 'box' && r() > 0.3)
      out.push(`<rect x="${f(h + 0.05)}" y="${f(-d - 0.05)}" width="${f(W - 0.1)}" height="0.12" fill="#6f757b"/>`);
  } else if (g.body === 'tipper') {
    out.push(cabBack(g, p, W));
    out.push(
      `<path d="M${f(h)} ${f(-top)} L${f(-h)} ${f(-top)} L${f(-h - 0.08)} ${f(-d - 0.1)} L${f(h + 0.08)} ${f(-d - 0.1)} Z" fill="${pick(r, ['#c9a227', '#5d6d7e', '#a93226'])}" stroke="#2b2d30" stroke-width="0.03"/>`,
    );
    out.push(
      `<rect x="${f(h + 0.1)}" y="${f(-top + 0.12)}" width="${f(W - 0.2)}" height="0.1" fill="#3d4145"/><rect x="${f(h + 0.1)}" y="${f(-d - 0.35)}" width="${f(W - 0.2)}" height="0.1" fill="#3d4145"/>`,
    );
  } else if (g.body === 'recovery') {
    out.push(cabBack(g, p, W));
    out.push(`<rect x="${f(h)}" y="${f(-d - 0.7)}" width="${f(W)}" height="0.7" fill="${p.cab}" stroke="#2a2c30" stroke-width="0.03"/>`);
    out.push(chevrons(h, -d - 0.7, W, 0.7));
    out.push(`<rect x="-0.25" y="${f(-d - 2.3)}" width="0.5" height="1.6" fill="#d4a017" stroke="#222" stroke-width="0.02"/>`);
    out.push(`<rect x="-1.05" y="${f(-0.45)}" width="2.1" height="0.16" fill="#d4a017" stroke="#222" stroke-width="0.02"/>`);
  } else {
    out.push(cabBack(g, p, W));
    out.push(`<rect x="${f(h)}" y="${f(-d - 0.22)}" width="${f(W)}" height="0.22" fill="#4b5056"/>`);
    if (g.body === 'beavertail') {
      for (const rx of [h + 0.25, -h - 0.85])
        out.push(`<rect x="${f(rx)}" y="${f(-d - 2.1)}" width="0.6" height="1.95" fill="#8e959b" stroke="#3b3f44" stroke-width="0.02"/>`);
    } else if (g.body === 'dropside') {
      out.push(`<rect x="${f(h)}" y="${f(-d - 0.8)}" width="${f(W)}" height="0.58" fill="#b8bdc2" stroke="#50555a" stroke-width="0.02"/>`);
    } else {
      out.push(
        `<rect x="${f(h + 0.15)}" y="${f(-d - 1.3)}" width="${f(W - 0.3)}" height="1.08" fill="#b5651d" stroke="#5e4630" stroke-width="0.02"/>`,
      );
      out.push(
        `<line x1="${f(h + 0.6)}" x2="${f(h + 0.6)}" y1="${f(-d - 1.3)}" y2="${f(-d)}" stroke="#e0a800" stroke-width="0.05"/><line x1="${f(-h - 0.6)}" x2="${f(-h - 0.6)}" y1="${f(-d - 1.3)}" y2="${f(-d)}" stroke="#e0a800" stroke-width="0.05"/>`,
      );
    }
  }
  // Rear light clusters, under-run bar and plate.
  out.push(`<rect x="${f(h + 0.05)}" y="${f(-d + 0.12)}" width="${f(W - 0.1)}" height="0.1" fill="#2a2c30"/>`);
  for (const lx of [h + 0.1, -h - 0.6])
    out.push(
      `<rect x="${f(lx)}" y="${f(-d + 0.24)}" width="0.5" height="0.16" rx="0.03" fill="#c62828" stroke="#5b1010" stroke-width="0.015"/><rect x="${f(lx + 0.36)}" y="${f(-d + 0.26)}" width="0.12" height="0.12" fill="#f39c12"/>`,
    );
  out.push(`<rect x="${f(h + 0.2)}" y="${f(-0.62)}" width="${f(W - 0.4)}" height="0.12" fill="#3c3f43"/>`);
  out.push(`<rect x="-0.26" y="${f(-d + 0.26)}" width="0.52" height="0.12" fill="#f2c400" stroke="#222" stroke-width="0.008"/>`);
  out.push(
    `<text x="0" y="${f(-d + 0.355)}" font-family="DejaVu Sans Mono, monospace" font-weight="700" font-size="0.085" fill="#111" text-anchor="middle">${esc(spec.plate ?? '')}</text>`,
  );
  return `<g transform="translate(${f(cx)} ${groundY}) scale(${f(S)})">${out.join('')}</g>`;
}

function cabBack(g: Geometry, p: Palette, W: number): string {
  const roof = g.roof;
  return `<rect x="${f(-W / 2 + 0.05)}" y="${f(-roof)}" width="${f(W - 0.1)}" height="${f(roof - g.cabFloor + 0.1)}" rx="0.12" fill="${p.cab}" stroke="#1d1f22" stroke-width="0.025"/>
    <rect x="${f(-W / 2 + 0.05)}" y="${f(-g.cabFloor - 0.5)}" width="${f(W - 0.1)}" height="0.08" fill="${p.accent}"/>
    <rect x="${f(-W / 2 - 0.25)}" y="${f(-roof + 0.55)}" width="0.14" height="0.6" rx="0.04" fill="#1f2124"/><rect x="${f(W / 2 + 0.11)}" y="${f(-roof + 0.55)}" width="0.14" height="0.6" rx="0.04" fill="#1f2124"/>`;
}

function cabView(spec: TruckArtSpec, g: Geometry, p: Palette, r: () => number): string {
  const W = g.size === 'light' ? 2.05 : 2.45;
  const height = g.roof + 0.2;
  const S = Math.min(1000 / W, 900 / height);
  const groundY = 1120;
  const cx = ART_WIDTH / 2 + (r() * 160 - 80);
  const wheels = [-W / 2 + 0.05, W / 2 - 0.35]
    .map((x) => `<rect x="${f(x)}" y="${f(-g.wheelR * 2)}" width="0.3" height="${f(g.wheelR * 2)}" rx="0.08" fill="#151617"/>`)
    .join('');
  const mirrors = `<path d="M${f(-W / 2)} ${f(-g.roof + 0.8)} l-0.3 -0.05" stroke="#1b1c1e" stroke-width="0.04"/><rect x="${f(-W / 2 - 0.42)}" y="${f(-g.roof + 0.45)}" width="0.16" height="0.65" rx="0.04" fill="#1f2124"/>
    <path d="M${f(W / 2)} ${f(-g.roof + 0.8)} l0.3 -0.05" stroke="#1b1c1e" stroke-width="0.04"/><rect x="${f(W / 2 + 0.26)}" y="${f(-g.roof + 0.45)}" width="0.16" height="0.65" rx="0.04" fill="#1f2124"/>`;
  return `<g transform="translate(${f(cx)} ${groundY}) scale(${f(S)})"><ellipse cx="0" cy="0.03" rx="${f(W * 0.7)}" ry="0.12" fill="url(#shadow)"/>${wheels}${mirrors}<g transform="translate(${f(W / 2)} 0)">${cabFront(g, p, spec, W)}</g></g>`;
}

function interiorView(spec: TruckArtSpec, p: Palette, r: () => number): string {
  const W = ART_WIDTH;
  const H = ART_HEIGHT;
  const trim = pick(r, ['#2b2d31', '#3a3530', '#2f3438']);
  const out: string[] = [];
  // Windscreen view of the yard, then the dashboard sweeping across.
  out.push(`<path d="M0 520 Q800 470 1600 520 L1600 1200 L0 1200 Z" fill="${trim}"/>`);
  out.push(`<path d="M0 0 L1600 0 L1600 90 Q800 60 0 90 Z" fill="#1f2124"/>`);
  out.push(`<rect x="0" y="0" width="70" height="560" fill="#1f2124"/><rect x="1530" y="0" width="70" height="560" fill="#1f2124"/>`);
  out.push(`<path d="M0 560 Q800 500 1600 560 L1600 640 Q800 580 0 640 Z" fill="#1a1b1e"/>`);
  // Instrument cluster.
  out.push(`<rect x="330" y="600" width="560" height="230" rx="60" fill="#121315" stroke="#44484d" stroke-width="6"/>`);
  for (const [gx, max] of [
    [460, 140],
    [760, 25],
  ] as const) {
    out.push(`<circle cx="${gx}" cy="715" r="92" fill="#0b0c0d" stroke="#777d83" stroke-width="5"/>`);
    for (let i = 0; i <= 10; i++) {
      const a = Math.PI * (0.75 + (1.5 * i) / 10);
      out.push(
        `<line x1="${f(gx + Math.cos(a) * 70)}" y1="${f(715 + Math.sin(a) * 70)}" x2="${f(gx + Math.cos(a) * 85)}" y2="${f(715 + Math.sin(a) * 85)}" stroke="#e8e8e8" stroke-width="4"/>`,
      );
    }
    const a = Math.PI * (0.75 + r() * 0.4);
    out.push(
      `<line x1="${gx}" y1="715" x2="${f(gx + Math.cos(a) * 75)}" y2="${f(715 + Math.sin(a) * 75)}" stroke="#ff5a36" stroke-width="6"/>`,
    );
    out.push(
      `<text x="${gx}" y="780" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#bbb" text-anchor="middle">${max === 140 ? 'km/h' : 'x100 rpm'}</text>`,
    );
  }
  out.push(
    `<rect x="560" y="650" width="100" height="130" rx="8" fill="#1d3550"/><text x="610" y="700" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#9fd3ff" text-anchor="middle">${Math.floor(r() * 900 + 100)}k</text>`,
  );
  // Centre console: tachograph, radio, switches.
  out.push(`<rect x="1000" y="620" width="420" height="380" rx="24" fill="#1b1c1f" stroke="#3a3e43" stroke-width="4"/>`);
  out.push(`<rect x="1040" y="650" width="340" height="80" rx="8" fill="#0e0f10" stroke="#555" stroke-width="3"/>`);
  out.push(
    `<rect x="1060" y="665" width="150" height="50" fill="#4a7a2c"/><text x="1135" y="698" font-family="DejaVu Sans Mono, monospace" font-size="22" fill="#dff5c8" text-anchor="middle">00h00</text>`,
  );
  out.push(
    `<text x="1300" y="700" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="20" fill="#ccc" text-anchor="middle">TACHOGRAPH</text>`,
  );
  out.push(
    `<rect x="1040" y="750" width="340" height="70" rx="8" fill="#0e0f10"/><text x="1210" y="795" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#7fd0ff" text-anchor="middle">DAB  BBC Radio 2</text>`,
  );
  for (let i = 0; i < 6; i++)
    out.push(`<rect x="${1045 + i * 56}" y="845" width="44" height="60" rx="6" fill="#2c2f33" stroke="#4a4e53" stroke-width="2"/>`);
  // Steering wheel with the make's badge.
  out.push(`<circle cx="610" cy="900" r="300" fill="none" stroke="#111214" stroke-width="58"/>`);
  out.push(`<circle cx="610" cy="900" r="300" fill="none" stroke="#2c2e32" stroke-width="8" stroke-opacity="0.7"/>`);
  out.push(`<path d="M330 930 L500 900 L720 900 L890 930 L850 1000 L700 960 L520 960 L370 1000 Z" fill="#191a1c"/>`);
  out.push(`<rect x="560" y="950" width="100" height="250" fill="#191a1c"/>`);
  out.push(`<circle cx="610" cy="930" r="110" fill="#1f2023" stroke="#3a3c40" stroke-width="6"/>`);
  out.push(
    `<text x="610" y="942" font-family="DejaVu Sans, sans-serif" font-weight="800" font-size="${p.badge.length > 8 ? 20 : 34}" fill="${luminance(p.cab) < 70 || luminance(p.cab) > 200 ? '#c8ccd0' : p.cab}" text-anchor="middle">${esc(p.badge)}</text>`,
  );
  out.push(
    `<rect x="1450" y="860" width="150" height="340" fill="#3b3e43"/><rect x="1470" y="880" width="120" height="300" rx="30" fill="#4a4e54"/>`,
  );
  out.push(
    `<text x="${W - 40}" y="${H - 40}" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#9aa0a6" text-anchor="end">${esc(spec.model)}</text>`,
  );
  return out.join('');
}

/** Most trucks wear the make's signature colours; about one in four the alternative. */
export const colourwayFor = (seed: number) => (rng(seed)() < 0.75 ? 0 : 1);

/** The SVG source of one picture. */
export function truckSvg(spec: TruckArtSpec, view: ArtView): string {
  const r = rng(spec.seed * 7919 + VIEW_ORDER.indexOf(view) * 104729 + 1);
  const palettes = MAKE_PALETTES[spec.make] ?? MAKE_PALETTES.other;
  const p = palettes[(spec.colourway ?? colourwayFor(spec.seed)) % palettes.length];
  const g = geometry(spec);
  const sc = scene(r);
  let content: string;
  if (view === 'interior') {
    const horizon = 420;
    content = `${background(sc, horizon, r)}${interiorView(spec, p, r)}`;
  } else {
    const horizon = 640 + Math.round(r() * 60);
    const truck =
      view === 'three-quarter'
        ? threeQuarterView(spec, g, p, r)
        : view === 'rear'
          ? rearView(spec, g, p, r)
          : view === 'cab'
            ? cabView(spec, g, p, r)
            : sideView(spec, g, p, r, view === 'side-right');
    content = `${background(sc, horizon, r)}${truck}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}">${defs(sc)}${content}</svg>`;
}
