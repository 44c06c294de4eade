import { describe, expect, it } from 'vitest';
import { storedPrice } from '../../../../shared/schemas/sell.js';
import { IMPORT_LIMITS, parseStockCsv } from './parse-stock-csv.js';
import { type DealerDefaults, type ExistingStock, planImport } from './plan-import.js';

const enc = (s: string) => new TextEncoder().encode(s);
const DEALER: DealerDefaults = {
  contactName: 'Sam Pennine',
  phone: '0113 496 0000',
  companyName: 'Pennine Truck Sales Ltd',
  email: 'sales@penninetrucksales.example',
  location: 'Leeds',
  postcode: 'LS11 5QX',
};
const TEMPLATE_CSV = [
  'stock_ref,make,model,year,category,price,vat,mileage,fuel,gearbox,axle,gvw,euro,dvs_stars,cab,description,photo_urls',
  'PTS-101,DAF,XF 480,2020,Articulated,54950,+VAT,412000,Diesel,Automatic,4x2,44,Euro 6,3,Sleeper,Space Cab,https://dealer.example/101a.jpg https://dealer.example/101b.jpg',
  'PTS-102,Scania,R450,2019,articulated,POA,+VAT,388000,diesel,auto,6x2,44,VI,,high roof sleeper,,',
].join('\n');

function plan(csv: string, existing: ExistingStock[] = []) {
  const parsed = parseStockCsv(enc(csv));
  if (!parsed.ok) throw new Error(parsed.message);
  return planImport(parsed.rows, existing, DEALER);
}

describe('parseStockCsv', () => {
  it('reads our template and maps common dealer-system column names', () => {
    const parsed = parseStockCsv(
      enc('Stock No,Manufacturer,Model,Year of Manufacture,Asking Price,Odometer,Images\nA1,Volvo,FH 500,2021,"£61,500",300000,\n'),
    );
    expect(parsed.ok && parsed.rows[0]).toMatchObject({
      stock_ref: 'A1',
      make: 'Volvo',
      model: 'FH 500',
      year: '2021',
      price: '£61,500',
      mileage: '300000',
    });
  });

  it('reads the registration column (issue 27), normalised, and rejects a mark in no UK format', () => {
    const result = plan(
      'stock_ref,make,model,year,category,price,Reg No\nR1,DAF,XF,2020,tipper,50000,yx19 kpn\nR2,DAF,XF,2020,tipper,50000,NOT A REG\n',
    );
    expect(result.rows[0]).toMatchObject({ action: 'create', input: { registration: 'YX19KPN' } });
    expect(result.rows[1]).toMatchObject({ action: 'reject', errors: [{ field: 'registration' }] });
  });

  it('refuses a file over the size limit', () => {
    const big = new Uint8Array(IMPORT_LIMITS.maxBytes + 1);
    const parsed = parseStockCsv(big);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/limit is 4 MB/);
  });

  it('refuses text that is not UTF-8 (a Windows-1252 export)', () => {
    const latin1 = new Uint8Array([...enc('stock_ref,make,model,year,price\nA1,Volvo,FH,2020,'), 0xa3, ...enc('5000\n')]);
    const parsed = parseStockCsv(latin1);
    expect(!parsed.ok && parsed.message).toMatch(/not UTF-8/);
  });

  it('refuses a file missing required columns, naming them', () => {
    const parsed = parseStockCsv(enc('make,model,year\nVolvo,FH,2020\n'));
    expect(!parsed.ok && parsed.message).toBe('Missing required columns: stock_ref, price. Our template lists every column.');
  });

  it('refuses a file with a formula in any cell, but not phone numbers or negative numbers', () => {
    const parsed = parseStockCsv(enc('stock_ref,make,model,year,price,description\nA1,Volvo,FH,2020,5000,"=HYPERLINK(""http://x"")"\n'));
    expect(!parsed.ok && parsed.message).toMatch(/Row 2, column "description" holds a formula/);
    // A cell is a formula when parseStockCsv refuses the file for it.
    const isFormula = (cell: string) => {
      const result = parseStockCsv(enc(`stock_ref,make,model,year,price,description\nA1,Volvo,FH,2020,5000,"${cell}"\n`));
      if (result.ok) return false;
      if (/holds a formula/.test(result.message)) return true;
      throw new Error(`refused for another reason: ${result.message}`);
    };
    expect(isFormula('+44 113 496 0000')).toBe(false);
    expect(isFormula('-5')).toBe(false);
    expect(isFormula('+cmd|calc')).toBe(true);
    expect(isFormula('@SUM(A1)')).toBe(true);
  });
});

describe('planImport (dry run)', () => {
  it('previews every row as created with normalised values and the dealer defaults', () => {
    const result = plan(TEMPLATE_CSV);
    expect(result.summary).toEqual({ create: 2, update: 0, unchanged: 0, reject: 0, markSold: 0 });
    const [a, b] = result.rows;
    expect(a.action === 'create' && a.input).toMatchObject({
      make: 'daf',
      category: 'articulated',
      price: 54950,
      vatStatus: 'plus_vat',
      euroStandard: 'euro6',
      dvsStars: 3,
      cabType: 'sleeper',
      contactName: 'Sam Pennine',
      postcode: 'LS11 5QX',
    });
    expect(a.action === 'create' && a.photoUrls).toHaveLength(2);
    expect(b.action === 'create' && b.input).toMatchObject({
      make: 'scania',
      price: null,
      priceOnApplication: true,
      transmission: 'automatic',
      euroStandard: 'euro6',
      cabType: 'high-roof-sleeper',
    });
  });

  it('rejects bad rows with a reason per field and keeps the good ones', () => {
    const csv = [
      'stock_ref,make,model,year,category,price,mileage,photo_urls,dvs_stars',
      'X1,Tonka,Toy,2020,,5000,,,',
      'X2,DAF,CF,1890,tipper,-5,lots,ftp://x/y.jpg,7',
      ',DAF,CF,2020,tipper,5000,,,',
      'X4,DAF,CF,2020,tipper,5000,,,',
      'x4,DAF,LF,2021,tipper,6000,,,',
    ].join('\n');
    const result = plan(csv);
    const reasons = Object.fromEntries(
      result.rows.map((r) => [r.line, r.action === 'reject' ? r.errors.map((e) => e.field).sort() : r.action]),
    );
    expect(reasons).toEqual({
      2: ['category', 'make'],
      3: ['dvs_stars', 'mileage', 'photo_urls', 'price', 'year'],
      4: ['stock_ref'],
      5: 'create',
      6: ['stock_ref'],
    });
  });

  it('matches existing stock by reference: re-importing the same file changes nothing', () => {
    // Prepare
    const first = plan(TEMPLATE_CSV);
    const existing: ExistingStock[] = first.rows.map((r, i) => {
      if (r.action !== 'create') throw new Error('expected creates');
      return {
        id: `L${i}`,
        stockRef: r.stockRef,
        status: 'active',
        fields: { ...r.input, price: storedPrice(r.input) },
        photoUrls: r.photoUrls,
      };
    });
    // Act
    const again = plan(TEMPLATE_CSV, existing);
    // Assess
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 2, reject: 0, markSold: 0 });
  });

  it('updates only what changed and lists stock missing from a full import', () => {
    const first = plan(TEMPLATE_CSV);
    const existing: ExistingStock[] = first.rows.map((r, i) => {
      if (r.action !== 'create') throw new Error('expected creates');
      return {
        id: `L${i}`,
        stockRef: r.stockRef,
        status: 'active',
        fields: { ...r.input, price: storedPrice(r.input) },
        photoUrls: r.photoUrls,
      };
    });
    existing.push({ id: 'L9', stockRef: 'PTS-009', status: 'active', fields: existing[0].fields, photoUrls: [] });
    const changed = TEMPLATE_CSV.replace('54950', '52950');
    const result = plan(changed, existing);
    expect(result.rows[0]).toMatchObject({ action: 'update', listingId: 'L0', changes: ['price'], photosChanged: false });
    expect(result.rows[1]).toMatchObject({ action: 'unchanged' });
    expect(result.missing).toEqual([{ listingId: 'L9', stockRef: 'PTS-009' }]);
  });
});
