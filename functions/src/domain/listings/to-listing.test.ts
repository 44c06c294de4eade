import { describe, expect, it } from 'vitest';
import { mapScrapedToListing, scrapedIdOf, toListingDto } from './to-listing.js';
import type { ListingRecord, ScrapedRecord } from './types.js';

const scraped = (over: Partial<ScrapedRecord> = {}): ScrapedRecord => ({
  id: 'abc',
  externalId: 'ext-1',
  sourceWebsite: 'trucks.example',
  sourceUrl: 'https://trucks.example/1',
  make: null,
  model: null,
  year: null,
  mileage: null,
  price: null,
  location: null,
  dealerName: null,
  dealerContact: null,
  category: null,
  fuelType: null,
  transmission: null,
  description: null,
  scrapedAt: '2026-01-02T03:04:05.000Z',
  isActive: true,
  updatedAt: '2026-01-02T03:04:05.000Z',
  ...over,
});

describe('mapScrapedToListing', () => {
  it('leaves what the source did not say as null instead of inventing defaults', () => {
    const l = mapScrapedToListing(scraped());
    expect(l).toMatchObject({
      id: 'scraped-abc',
      source: 'scraped',
      title: 'Used Truck',
      make: null,
      model: null,
      year: null,
      category: null,
      fuelType: null,
      transmission: null,
      mileage: null,
      price: 0,
      images: [],
      status: 'active',
      userId: null,
      description: 'Listed on the source site.',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });
  it('builds the title from year, make and model and normalises the make', () => {
    const l = mapScrapedToListing(scraped({ year: 2019, make: 'Mercedes-Benz', model: 'Actros 2545', location: 'Leeds', price: 42000 }));
    expect(l.title).toBe('2019 Mercedes-Benz Actros 2545');
    expect(l.make).toBe('mercedes');
    expect(l.price).toBe(42000);
    expect(l.description).toBe('Listed on the source site. Located in Leeds.');
  });
  it("builds titles from what is known, and 'Used Truck' when make and model are both unknown", () => {
    // The seed's LM-5573 was titled "2014" and HT-88141 "Renault T 480".
    expect(mapScrapedToListing(scraped({ year: 2014 })).title).toBe('Used Truck');
    expect(mapScrapedToListing(scraped({ year: 2014, make: 'Unknown', model: 'N/A' })).title).toBe('Used Truck');
    expect(mapScrapedToListing(scraped({ year: 2014, make: 'Unknown' })).make).toBeNull();
    expect(mapScrapedToListing(scraped({ make: 'Renault', model: 'T 480' })).title).toBe('Renault T 480');
    expect(mapScrapedToListing(scraped({ year: 2018, model: 'Eurocargo 75E19' })).title).toBe('2018 Eurocargo 75E19');
    expect(mapScrapedToListing(scraped({ year: 2017, make: 'Volvo', model: 'Volvo FH 460' })).title).toBe('2017 Volvo FH 460');
  });
  it('stores dealer phone numbers in E.164 and keeps other contact text', () => {
    expect(mapScrapedToListing(scraped({ dealerContact: '01632 960114' })).phone).toBe('+441632960114');
    expect(mapScrapedToListing(scraped({ dealerContact: 'Call via website' })).phone).toBe('Call via website');
  });
  it("files a make it does not know under 'other'", () => {
    expect(mapScrapedToListing(scraped({ make: 'Foden' })).make).toBe('other');
  });
  it('keeps what the source page did state', () => {
    const l = mapScrapedToListing(scraped({ category: 'tipper', fuelType: 'diesel', transmission: 'automatic', mileage: 0 }));
    expect(l).toMatchObject({ category: 'tipper', fuelType: 'diesel', transmission: 'automatic', mileage: 0 });
  });
  it('marks inactive scraped listings inactive', () => {
    expect(mapScrapedToListing(scraped({ isActive: false })).status).toBe('inactive');
  });
});

describe('toListingDto', () => {
  it('turns stored image keys into sized WebP URLs', () => {
    const record = {
      id: '01J',
      userId: 'u1',
      title: 't',
      images: [{ key: 'listings/01J/img1', width: 2000, height: 1500 }],
    } as unknown as ListingRecord;
    const dto = toListingDto(record, 'https://cdn.example/');
    expect(dto.images[0]).toEqual({
      key: 'listings/01J/img1',
      url: 'https://cdn.example/listings/01J/img1/w800.webp',
      thumbUrl: 'https://cdn.example/listings/01J/img1/w400.webp',
      srcSet:
        'https://cdn.example/listings/01J/img1/w400.webp 400w, https://cdn.example/listings/01J/img1/w800.webp 800w, https://cdn.example/listings/01J/img1/w1600.webp 1600w',
      width: 2000,
      height: 1500,
    });
    expect(dto.source).toBe('user');
  });
});

describe('scrapedIdOf', () => {
  it('strips the namespace from scraped ids only', () => {
    expect(scrapedIdOf('scraped-abc')).toBe('abc');
    expect(scrapedIdOf('01JABC')).toBeNull();
  });
});

describe('mapScrapedToListing: what the scraper adds', () => {
  it("leaves browse when staff hid it or it duplicates a seller's own listing", () => {
    expect(mapScrapedToListing(scraped({ hiddenByStaff: true })).status).toBe('inactive');
    expect(mapScrapedToListing(scraped({ duplicateOf: 'L1' })).status).toBe('inactive');
    expect(mapScrapedToListing(scraped({ hiddenByStaff: false, duplicateOf: null })).status).toBe('active');
  });

  it('shows our copies of its photos, never the source URLs', () => {
    const l = mapScrapedToListing(
      scraped({ images: [{ key: 'scraped/abc/1', width: 320, height: 240 }], imageSourceUrls: ['https://src/1.jpg'] }),
      '/images',
    );
    expect(l.images[0].url).toBe('/images/scraped/abc/1/w800.webp');
    expect(JSON.stringify(l)).not.toContain('https://src/1.jpg');
  });

  it("titles a listing with neither make nor model 'Used Truck', even when the year is known", () => {
    expect(mapScrapedToListing(scraped({ year: 2019 })).title).toBe('Used Truck');
  });
});
