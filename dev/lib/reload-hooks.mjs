// Module resolve hook for dev/lib/hot-reload.ts: after a source change, files under the watched
// roots resolve to a new URL (?v=<generation>), so the next import loads them afresh.
let generation = 0;
let roots = [];

export async function initialize(data) {
  roots = data.roots;
  data.port.on('message', (g) => {
    generation = g;
  });
  data.port.unref?.();
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (generation === 0 || result.url.includes('?') || !roots.some((r) => result.url.startsWith(r))) return result;
  return { ...result, url: `${result.url}?v=${generation}` };
}
