import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FINANCE_TERM_MONTHS, financeLease, hirePurchase, illustrativeMonthly, representativeQuote } from './finance';

/** The monthly rate from the rule, (1 + APR)^(1/12) − 1, written here rather than imported. */
const referenceMonthlyRate = (aprPercent: number) => (1 + aprPercent / 100) ** (1 / 12) - 1;

// Expected pence worked out separately with Python's decimal module at 50 digits (r = 1.12^(1/12) − 1
// etc., each payment rounded half up, the last one clearing the balance), not with this module.
describe('textbook cases', () => {
  it('converts an APR to the monthly rate (1 + APR)^(1/12) − 1, and 0 % to none', () => {
    // The reference rate stated from the rule; the £10,000 case below fixes the product's to the penny.
    expect(referenceMonthlyRate(12)).toBeCloseTo(0.009488792934583, 14);
    const free = hirePurchase({ price: 1_200_000, vat: 0, deposit: 0, months: 24, aprPercent: 0, balloon: 0, vatTiming: 'deposit' });
    expect(free.monthly).toBe(50_000);
    expect(free.costOfCredit).toBe(0);
  });

  it('£10,000 at 12 % APR over 24 months: £467.88 a month, £1,228.99 of interest', () => {
    const q = hirePurchase({ price: 1_000_000, vat: 0, deposit: 0, months: 24, aprPercent: 12, balloon: 0, vatTiming: 'deposit' });
    expect(q.monthly).toBe(46_788);
    expect(q.finalPayment).toBe(46_775);
    expect(q.totalPayable).toBe(1_122_899);
    expect(q.costOfCredit).toBe(122_899);
  });

  it('£12,000 at 0 % APR over 24 months: £500.00 a month and no cost of credit', () => {
    const q = hirePurchase({ price: 1_200_000, vat: 0, deposit: 0, months: 24, aprPercent: 0, balloon: 0, vatTiming: 'deposit' });
    expect(q.monthly).toBe(50_000);
    expect(q.payments.every((p) => p === 50_000)).toBe(true);
    expect(q.totalPayable).toBe(1_200_000);
    expect(q.costOfCredit).toBe(0);
  });

  it('£30,000 at 6.9 % APR over 36 months with a £10,000 balloon paid with the last payment', () => {
    const q = hirePurchase({ price: 3_000_000, vat: 0, deposit: 0, months: 36, aprPercent: 6.9, balloon: 1_000_000, vatTiming: 'deposit' });
    expect(q.monthly).toBe(67_048);
    expect(q.finalPayment).toBe(1_067_039);
    expect(q.totalPayable).toBe(3_413_719);
    expect(q.costOfCredit).toBe(413_719);
  });

  it('£20,000 at 0 % APR over 36 months with a £5,000 balloon: the last payment takes the pennies left', () => {
    const q = hirePurchase({ price: 2_000_000, vat: 0, deposit: 0, months: 36, aprPercent: 0, balloon: 500_000, vatTiming: 'deposit' });
    expect(q.monthly).toBe(41_667);
    expect(q.finalPayment).toBe(541_655);
    expect(q.costOfCredit).toBe(0);
  });

  it('£50,000 +VAT, £5,000 deposit, 9.9 % over 48 months: VAT with the deposit, or deferred to payment 3 with its interest', () => {
    const base = { price: 5_000_000, vat: 1_000_000, deposit: 500_000, months: 48, aprPercent: 9.9, balloon: 0 };
    const upfront = hirePurchase({ ...base, vatTiming: 'deposit' });
    expect(upfront.upfront).toBe(1_500_000);
    expect(upfront.amountOfCredit).toBe(4_500_000);
    expect(upfront.monthly).toBe(113_005);
    expect(upfront.vatPayment).toBeNull();
    expect(upfront.finalPayment).toBe(113_024);
    expect(upfront.totalPayable).toBe(6_924_259);
    expect(upfront.costOfCredit).toBe(924_259);

    const deferred = hirePurchase({ ...base, vatTiming: 'payment3' });
    expect(deferred.upfront).toBe(500_000);
    expect(deferred.amountOfCredit).toBe(5_500_000);
    expect(deferred.monthly).toBe(113_005);
    expect(deferred.vatPayment).toBe(113_005 + 1_023_881);
    expect(deferred.payments[2]).toBe(1_136_886);
    expect(deferred.totalPayable).toBe(6_948_140);
    expect(deferred.costOfCredit).toBe(948_140);
  });

  it('finance lease of £40,000 at 7.9 % over 60 months, £8,000 residual: VAT added to each rental', () => {
    const q = financeLease({ price: 4_000_000, months: 60, aprPercent: 7.9, residual: 800_000 });
    expect(q.rental).toBe(69_401);
    expect(q.rentalVat).toBe(13_880);
    expect(q.monthly).toBe(83_281);
    expect(q.finalRental).toBe(869_381);
    expect(q.finalVat).toBe(173_876);
    expect(q.totalVat).toBe(992_796);
    expect(q.totalPayable).toBe(5_956_836);
    expect(q.costOfCredit).toBe(964_040);
  });
});

/** Present value at monthly rate r of payments in arrears (payment k discounted k months). */
const presentValue = (payments: number[], r: number) => payments.reduce((pv, p, i) => pv + p / (1 + r) ** (i + 1), 0);

/**
 * Reference from the rule alone: the equal payment is the one whose payments (in arrears, the
 * balloon with the last) are worth the amount lent at r — found by bisection, not by the formula.
 */
function referencePayment(principal: number, r: number, months: number, balloon: number): number {
  let lo = 0;
  let hi = principal * 2;
  for (let i = 0; i < 200; i += 1) {
    const mid = (lo + hi) / 2;
    const pays = Array.from({ length: months }, (_, k) => mid + (k === months - 1 ? balloon : 0));
    if (presentValue(pays, r) < principal) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const loan = fc
  .record({
    price: fc.integer({ min: 100_000, max: 50_000_000 }),
    depositShare: fc.double({ min: 0, max: 0.8, noNaN: true }),
    balloonShare: fc.double({ min: 0, max: 0.6, noNaN: true }),
    months: fc.integer({ min: FINANCE_TERM_MONTHS.min, max: FINANCE_TERM_MONTHS.max }),
    aprPercent: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 40, noNaN: true })),
    vatTiming: fc.constantFrom('deposit' as const, 'payment3' as const),
    plusVat: fc.boolean(),
  })
  .map((l) => {
    const deposit = Math.round(l.price * l.depositShare);
    return {
      price: l.price,
      vat: l.plusVat ? Math.round(l.price * 0.2) : 0,
      deposit,
      balloon: Math.round((l.price - deposit) * l.balloonShare),
      months: l.months,
      aprPercent: l.aprPercent,
      vatTiming: l.vatTiming,
    };
  });

describe('properties', () => {
  it('the equal payment matches the reference found by bisection to within half a penny', () => {
    fc.assert(
      fc.property(loan, (l) => {
        const r = referenceMonthlyRate(l.aprPercent);
        const principal = l.price - l.deposit;
        const { monthly } = hirePurchase({ ...l, vat: 0 });
        expect(Math.abs(monthly - referencePayment(principal, r, l.months, l.balloon))).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('the payments, discounted at r, repay exactly the amount of credit (within a penny)', () => {
    fc.assert(
      fc.property(loan, (l) => {
        const q = hirePurchase(l);
        expect(q.payments).toHaveLength(l.months);
        expect(Math.abs(presentValue(q.payments, referenceMonthlyRate(l.aprPercent)) - q.amountOfCredit)).toBeLessThan(1);
      }),
    );
  });

  it('total payable is the upfront payment plus every payment, and the cost of credit is what it adds to the cash price', () => {
    fc.assert(
      fc.property(loan, (l) => {
        const q = hirePurchase(l);
        expect(q.totalPayable).toBe(q.upfront + q.payments.reduce((a, b) => a + b, 0));
        expect(q.costOfCredit).toBe(q.totalPayable - l.price - l.vat);
        expect(q.costOfCredit).toBeGreaterThanOrEqual(0);
        if (l.aprPercent === 0) expect(q.costOfCredit).toBe(0);
      }),
    );
  });

  it('the balloon is paid with the last payment; deferred VAT with payment 3', () => {
    fc.assert(
      fc.property(loan, (l) => {
        const q = hirePurchase(l);
        // The last payment also clears the rounding of the others to the penny: up to half a
        // penny each, grown by the interest it accrues until the end (so more than a penny a
        // month at high APRs), and the final payment's own rounding.
        const r = (1 + l.aprPercent / 100) ** (1 / 12) - 1;
        const roundingBound = (r > 0 ? (0.5 * ((1 + r) ** l.months - 1)) / r : 0.5 * l.months) + 1;
        expect(Math.abs(q.finalPayment - q.monthly - l.balloon)).toBeLessThanOrEqual(Math.ceil(roundingBound));
        if (l.vatTiming === 'payment3' && l.vat > 0) {
          expect(q.upfront).toBe(l.deposit);
          expect(q.payments[2]).toBeGreaterThanOrEqual(q.monthly + l.vat);
        } else expect(q.upfront).toBe(l.deposit + l.vat);
      }),
    );
  });

  it('a larger deposit never raises the monthly payment; a higher APR never lowers it; a longer term never raises it', () => {
    fc.assert(
      fc.property(loan, fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0.01, max: 5, noNaN: true }), (l, more, aprUp) => {
        const q = hirePurchase(l);
        const deposit = Math.min(l.deposit + more, l.price - l.balloon);
        expect(hirePurchase({ ...l, deposit }).monthly).toBeLessThanOrEqual(q.monthly);
        expect(hirePurchase({ ...l, aprPercent: l.aprPercent + aprUp }).monthly).toBeGreaterThanOrEqual(q.monthly);
        if (l.months < FINANCE_TERM_MONTHS.max) expect(hirePurchase({ ...l, months: l.months + 1 }).monthly).toBeLessThanOrEqual(q.monthly);
      }),
    );
  });

  it('a lease adds 20 % VAT to every rental and charges interest only on the price', () => {
    fc.assert(
      fc.property(loan, (l) => {
        const q = financeLease({ price: l.price, months: l.months, aprPercent: l.aprPercent, residual: l.balloon });
        expect(q.rentalVat).toBe(Math.round(q.rental * 0.2));
        expect(q.totalPayable - q.totalVat - q.costOfCredit).toBe(l.price);
        expect(q.costOfCredit).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('the representative terms on a card', () => {
  const terms = { cashPricePounds: 50_000, depositPounds: 5_000, termMonths: 48, aprPercent: 9.9, balloonPounds: 0 };

  it('the representative example itself gives its own monthly payment', () => {
    expect(representativeQuote(terms).monthly).toBe(113_005);
    expect(illustrativeMonthly(50_000, terms)).toBe(113_005);
  });

  it('scales the deposit and balloon with the listing price', () => {
    // Half the price: half the deposit, so £22,500 financed over the same 48 months at the same APR.
    const half = hirePurchase({ price: 2_250_000, vat: 0, deposit: 0, months: 48, aprPercent: 9.9, balloon: 0, vatTiming: 'deposit' });
    expect(illustrativeMonthly(25_000, terms)).toBe(half.monthly);
  });
});
