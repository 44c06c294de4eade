import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCardGrid } from './card-grid.js';
import { parserFor } from './index.js';
import { parseStockTable } from './stock-table.js';

const page = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

describe('card-grid parser (saved page)', () => {
  const result = parseCardGrid(page('card-grid-page.html'), 'https://truckhub.test/trucks?page=2');

  it('reads every card into the scraped-listing shape with canonical values', () => {
    expect(result.listings[0]).toEqual({
      externalId: 'TH-2001',
      sourceUrl: 'https://truckhub.test/trucks/TH-2001',
      make: 'DAF',
      model: 'XF 480 FT',
      year: 2019,
      mileage: 287_073, // 462,000 km in miles
      price: 34_500,
      location: 'Wakefield, West Yorkshire',
      dealerName: 'Calder Commercials',
      dealerContact: '01632 960114',
      category: 'articulated',
      fuelType: 'diesel',
      transmission: 'automatic',
      description: 'One owner, full service history.',
      registration: 'YX19ABC',
      imageUrls: ['https://truckhub.test/photos/th-2001-1.jpg', 'https://cdn.truckhub.test/th-2001-2.jpg'],
    });
  });

  it('leaves what a card does not say as null instead of guessing', () => {
    expect(result.listings[1]).toMatchObject({
      externalId: 'TH-2002',
      make: null,
      model: null,
      year: null,
      price: null,
      category: null,
      imageUrls: [],
    });
  });

  it('reports a card it cannot identify and follows the next page', () => {
    expect(result.listings).toHaveLength(2);
    expect(result.errors).toEqual(['https://truckhub.test/trucks?page=2: card 3 has no listing id']);
    expect(result.nextPageUrls).toEqual(['https://truckhub.test/trucks?page=3']);
  });
});

describe('stock-table parser (saved page)', () => {
  const result = parseStockTable(page('stock-table-page.html'), 'https://lorrymart.test/stock/');

  it('reads make, model, lazy photos and the dealer cell', () => {
    expect(result.listings[0]).toMatchObject({
      externalId: 'LM-77',
      sourceUrl: 'https://lorrymart.test/stock/lm-77.html',
      make: 'Scania',
      model: 'R450 Highline',
      year: 2018,
      mileage: 412_300,
      price: 28_950,
      category: 'curtainsider',
      transmission: 'manual',
      fuelType: 'diesel',
      dealerName: 'Lorry Mart Leeds',
      dealerContact: '0113 496 0000',
      location: 'Leeds',
      description: 'Tail lift, fridge ready',
      imageUrls: ['https://lorrymart.test/photos/lm-77.jpg'],
    });
  });

  it('keeps unknown values null and reports rows without a reference', () => {
    expect(result.listings[1]).toMatchObject({
      externalId: 'LM-78',
      make: 'Mercedes-Benz',
      year: null,
      mileage: null,
      price: null,
      category: 'box-van',
      dealerContact: null,
    });
    expect(result.errors).toEqual(['https://lorrymart.test/stock/: row 3 has no stock reference']);
    expect(result.nextPageUrls).toEqual(['https://lorrymart.test/stock/page-2.html']);
  });

  it('is found by id, and an unknown id fails loudly', () => {
    expect(parserFor('stock-table')).toBe(parseStockTable);
    expect(() => parserFor('nope')).toThrow(/Unknown scraper parser 'nope'/);
  });
});
