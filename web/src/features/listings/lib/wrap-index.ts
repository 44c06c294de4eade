/** An index into a list of `count` items that wraps round at both ends. */
export function wrapIndex(i: number, count: number): number {
  if (count <= 0) return 0;
  return ((i % count) + count) % count;
}
