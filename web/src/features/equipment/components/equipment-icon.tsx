import type { EquipmentImage } from '../data/equipment';

/** Simple line illustrations per category, drawn inline instead of product photos. Decorative. */
export function EquipmentIcon({ image, className }: { image: EquipmentImage; className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[image]}
    </svg>
  );
}

const PATHS: Record<EquipmentImage, React.ReactNode> = {
  // Hi-vis vest with reflective bands.
  ppe: (
    <>
      <path d="M22 8 L14 14 L12 54 L28 56 L28 26 L22 8 Z" fill="#f59e0b" />
      <path d="M42 8 L50 14 L52 54 L36 56 L36 26 L42 8 Z" fill="#f59e0b" />
      <path d="M22 8 C26 16 38 16 42 8" />
      <path d="M13 38 L28 39 M36 39 L51 38" stroke="#e2e8f0" strokeWidth={4} />
      <path d="M13 46 L28 47 M36 47 L51 46" stroke="#e2e8f0" strokeWidth={4} />
    </>
  ),
  // Ratchet strap: buckle with a webbing loop.
  'load-securing': (
    <>
      <path d="M6 40 C6 20 58 20 58 40" stroke="#f59e0b" strokeWidth={6} />
      <rect x="22" y="34" width="20" height="14" rx="2" fill="#cbd5e1" />
      <path d="M26 34 L26 28 L38 28 L38 34" />
      <path d="M6 40 L6 50 M58 40 L58 50" />
      <path d="M2 50 L10 50 M54 50 L62 50" />
    </>
  ),
  // Warning triangle.
  safety: (
    <>
      <path d="M32 6 L60 56 L4 56 Z" fill="#fee2e2" stroke="#b91c1c" strokeWidth={4} />
      <path d="M32 22 L48 50 L16 50 Z" />
      <path d="M32 30 L32 40 M32 45 L32 46" strokeWidth={3.5} />
    </>
  ),
  // Clipboard with a document.
  office: (
    <>
      <rect x="12" y="10" width="40" height="48" rx="3" fill="#e2e8f0" />
      <rect x="24" y="6" width="16" height="8" rx="2" fill="#f59e0b" />
      <path d="M20 26 L44 26 M20 34 L44 34 M20 42 L36 42" />
    </>
  ),
};
