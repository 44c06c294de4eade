import type { ListingRecord, ScrapedRecord } from './types.js';

/** Test data only: a complete, plausible user listing as stored; override what a test is about. */
export function listingRecord(id: string, over: Partial<ListingRecord> = {}): ListingRecord {
  return {
    id,
    userId: 'owner-1',
    title: `2019 Volvo FH ${id}`,
    make: 'volvo',
    model: 'FH',
    year: 2019,
    category: 'articulated',
    fuelType: 'diesel',
    transmission: 'automatic',
    mileage: 300_000,
    engineSize: '12.8',
    price: 30_000,
    vatStatus: 'plus_vat',
    axleConfig: '4x2',
    gvwTonnes: 18,
    euroStandard: 'euro6',
    cabType: 'sleeper',
    description: 'Well looked after.',
    features: ['Air con'],
    contactName: 'Sam Seller',
    companyName: 'Seller Haulage Ltd',
    phone: '0113 496 0000',
    email: 'sam@seller.example',
    location: 'Leeds',
    postcode: 'LS11 5AB',
    images: [],
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Test data only: a scraped listing that, like many sources, leaves mileage, price and specs out. */
export function scrapedRecord(id: string, over: Partial<ScrapedRecord> = {}): ScrapedRecord {
  return {
    id,
    externalId: `ext-${id}`,
    sourceWebsite: 'trucks.example',
    sourceUrl: `https://trucks.example/${id}`,
    make: 'DAF',
    model: 'XF 480',
    year: 2018,
    mileage: null,
    price: null,
    location: 'Cardiff',
    dealerName: null,
    dealerContact: null,
    category: null,
    fuelType: null,
    transmission: null,
    description: null,
    scrapedAt: '2026-01-02T00:00:00.000Z',
    isActive: true,
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...over,
  };
}
