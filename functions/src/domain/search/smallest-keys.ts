/** The k smallest keys in ascending order: a bounded max-heap when k is small, a full sort otherwise. */
export function smallestKeys(keys: Float64Array, k: number): Float64Array {
  if (k <= 0) return new Float64Array(0);
  if (k * 8 >= keys.length) return Float64Array.from(keys).sort().subarray(0, k);
  const heap = new Float64Array(k);
  let n = 0;
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && heap[l] > heap[m]) m = l;
      if (r < n && heap[r] > heap[m]) m = r;
      if (m === i) return;
      const t = heap[i];
      heap[i] = heap[m];
      heap[m] = t;
      i = m;
    }
  };
  for (let i = 0; i < keys.length; i++) {
    const v = keys[i];
    if (n < k) {
      let j = n++;
      heap[j] = v;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (heap[p] >= heap[j]) break;
        const t = heap[p];
        heap[p] = heap[j];
        heap[j] = t;
        j = p;
      }
    } else if (v < heap[0]) {
      heap[0] = v;
      siftDown(0);
    }
  }
  return heap.subarray(0, n).sort();
}
