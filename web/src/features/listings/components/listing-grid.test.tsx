import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@shared/schemas/listing';
import { stubApi } from '@/testing/api-stub';
import { renderScreen } from '@/testing/render';
import { ListingGrid } from './listing-card';

const listing = (i: number): Listing => ({
  id: `L${i}`,
  source: 'user',
  userId: 'user-1',
  title: `Truck ${i}`,
  make: 'daf',
  model: 'XF 480',
  year: 2020,
  category: 'tipper',
  fuelType: 'diesel',
  transmission: null,
  mileage: 100_000 + i,
  engineSize: null,
  price: 40_000 + i,
  vatStatus: null,
  axleConfig: null,
  gvwTonnes: null,
  euroStandard: null,
  cabType: null,
  description: '',
  features: [],
  contactName: 'Dee Dealer',
  companyName: null,
  phone: null,
  email: null,
  location: 'Leeds',
  postcode: 'LS1',
  images: [],
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  sourceWebsite: null,
  sourceUrl: null,
});

/** A grid whose list a button replaces, as the next page of results does. */
function Results({ pages }: { pages: Listing[][] }) {
  const [page, setPage] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setPage(1)}>
        Next page
      </button>
      <ListingGrid listings={pages[page] ?? []} />
    </>
  );
}

const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('ListingGrid', () => {
  it('renders a few cards at once, the rest a few at a time, and starts again for a new list', async () => {
    // Prepare
    stubApi({ 'GET /finance': { status: 200, body: { settings: null } } });
    const first = Array.from({ length: 14 }, (_, i) => listing(i));
    const second = Array.from({ length: 10 }, (_, i) => listing(100 + i));

    // Act
    const { user } = renderScreen(<Results pages={[first, second]} />);

    // Assert: a first step (a list the browser renders itself), then all, in order, after a few frames.
    expect(titles()).toEqual(first.slice(0, 2).map((l) => l.title));
    await waitFor(() => expect(titles()).toHaveLength(14), { timeout: 25_000 });
    expect(titles()).toEqual(first.map((l) => l.title));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(titles()).toEqual(second.slice(0, 2).map((l) => l.title));
    await waitFor(() => expect(titles()).toEqual(second.map((l) => l.title)), { timeout: 25_000 });
  }, 60_000);
});
