import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type StoredTruckList, createStoredTruckList, useStoredTrucks } from './stored-list';

// Tells React this is a test environment, so act() waits for its updates without warning.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const truck = {
  id: 'abc123',
  title: '2019 Volvo FH 500',
  price: 45_000,
  vatStatus: null,
  thumbUrl: null,
  year: 2019,
  mileage: 400_000,
  location: 'Leeds',
};

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

/** Counts its renders. */
let renders = 0;
function Reader({ list }: { list: StoredTruckList }) {
  renders += 1;
  return <p>{useStoredTrucks(list).length} trucks</p>;
}

/**
 * Hydrates a server-rendered reader of the list and counts its renders. A reader whose component renders
 * again straight after hydration re-renders its children too, and React client-renders any
 * Suspense boundary among them that has not hydrated yet (the home page lost its server HTML so).
 */
async function rendersWhileHydrating(key: string): Promise<number> {
  const list = createStoredTruckList(key, 4);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Reader list={list} />);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    hydrateRoot(container, <Reader list={list} />);
  });
  return renders;
}

describe('stored truck lists', () => {
  it('hydrate an empty list without rendering again', async () => {
    expect(await rendersWhileHydrating('test.empty')).toBe(1);
  });

  it('render once more to show stored trucks after hydrating (the server has none)', async () => {
    localStorage.setItem('test.filled', JSON.stringify([truck]));
    expect(await rendersWhileHydrating('test.filled')).toBe(2);
    expect(document.body.textContent).toContain('1 trucks');
  });

  it('give the same array until storage changes', () => {
    const list = createStoredTruckList('test.same', 4);
    expect(list.get()).toBe(list.get());
    list.set([truck]);
    const filled = list.get();
    expect(filled).toEqual([truck]);
    expect(list.get()).toBe(filled);
  });
});
