/**
 * mulberry32: a small, fast, seedable generator of numbers in [0, 1). The same seed always gives
 * the same sequence, so demo data, generated pictures, synthetic markets and benchmarks repeat
 * exactly. Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
