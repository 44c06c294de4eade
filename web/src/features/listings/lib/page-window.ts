/** Page numbers to show: first, last, and two either side of the current page, with gaps between. */
export function pageWindow(page: number, totalPages: number, spread = 1): Array<number | 'gap'> {
  const pages = new Set<number>([1, totalPages]);
  for (let p = page - spread; p <= page + spread; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev === 2) out.push(prev + 1);
    else if (p - prev > 2) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}
