/**
 * Finance arithmetic for the listing page's calculator and the cards' "from £X/month" (issue 26 §3).
 * One module, used by the web and by tests; amounts are whole pence, rates are percentages.
 *
 * - The monthly rate is r = (1 + APR)^(1/12) − 1.
 * - Payments are monthly, in arrears (the first a month after the start).
 * - Equal payments are rounded to the penny; the last payment clears what is left exactly (with
 *   the balloon or residual), so at 0 % APR the total payable is exactly the cash price.
 * - HP on a "+VAT" price: the VAT is paid with the deposit, or deferred — lent at the same rate and
 *   repaid with payment 3 (its 3 months of interest included).
 * - Finance lease: rentals are worked out on the price without VAT; VAT is added to each rental and
 *   to the residual (the final balloon rental).
 */

/**
 * The words beside every monthly figure (issue 26 §3). Here, not beside the settings' zod schemas,
 * so the cards' notice does not bring the schemas (and zod) into the home page's first JavaScript.
 */
export const FINANCE_TEXTS = {
  illustration: 'Illustration only. Finance is subject to status. TruckYard is a credit broker, not a lender.',
} as const;

/** UK standard rate. */
export const UK_VAT_RATE = 0.2;
export const FINANCE_TERM_MONTHS = { min: 24, max: 60 } as const;
/** The payment that carries deferred VAT on HP. */
const DEFERRED_VAT_PAYMENT = 3;

/** r = (1 + APR)^(1/12) − 1, with the APR as a percentage (9.9 → 0.099). */
function monthlyRate(aprPercent: number): number {
  return (1 + aprPercent / 100) ** (1 / 12) - 1;
}

/** VAT on an amount in pence, rounded to the penny. */
const vatOn = (pence: number) => Math.round(pence * UK_VAT_RATE);

/**
 * The equal monthly payment, in arrears, that repays `principal` over `months` at monthly rate `r`
 * with `balloon` due on top of the last payment. Pence, rounded to the penny.
 */
function levelPayment(principal: number, r: number, months: number, balloon = 0): number {
  if (r === 0) return Math.round((principal - balloon) / months);
  const v = (1 + r) ** -months;
  return Math.round(((principal - balloon * v) * r) / (1 - v));
}

/**
 * Every payment of a loan of `principal` at monthly rate `r`: `level` each month, `extra[k]` on top
 * of payment k (1-based), and a last payment that clears the balance exactly (balloon included).
 */
function schedule(principal: number, r: number, months: number, level: number, extra: Record<number, number> = {}): number[] {
  const payments: number[] = [];
  let balance = principal;
  for (let k = 1; k < months; k += 1) {
    const pay = level + (extra[k] ?? 0);
    balance = balance * (1 + r) - pay;
    payments.push(pay);
  }
  payments.push(Math.round(balance * (1 + r)));
  return payments;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

type HpVatTiming = 'deposit' | 'payment3';

export interface HirePurchaseInput {
  /** The advertised price: without VAT when `vat` is more than 0. */
  price: number;
  /** VAT on the price (0 unless the listing is "+VAT"). */
  vat: number;
  deposit: number;
  months: number;
  aprPercent: number;
  /** Paid with the last payment. */
  balloon: number;
  /** When the VAT is paid: with the deposit, or deferred to payment 3. */
  vatTiming: HpVatTiming;
}

export interface HirePurchaseQuote {
  /** Price plus VAT. */
  cashPrice: number;
  /** Paid at the start: the deposit, plus the VAT when it is not deferred. */
  upfront: number;
  /** What is lent: price − deposit, plus the VAT when deferred. */
  amountOfCredit: number;
  /** The regular monthly payment. */
  monthly: number;
  /** Payment 3 when VAT is deferred (the monthly plus the VAT with its interest), else null. */
  vatPayment: number | null;
  /** The last payment: a monthly, the balloon and the penny rounding. */
  finalPayment: number;
  payments: number[];
  totalPayable: number;
  costOfCredit: number;
}

export function hirePurchase(input: HirePurchaseInput): HirePurchaseQuote {
  const r = monthlyRate(input.aprPercent);
  const deferred = input.vatTiming === 'payment3' && input.vat > 0;
  const financedNet = input.price - input.deposit;
  const monthly = levelPayment(financedNet, r, input.months, input.balloon);
  const vatRepayment = deferred ? Math.round(input.vat * (1 + r) ** DEFERRED_VAT_PAYMENT) : 0;
  const amountOfCredit = financedNet + (deferred ? input.vat : 0);
  const payments = schedule(amountOfCredit, r, input.months, monthly, deferred ? { [DEFERRED_VAT_PAYMENT]: vatRepayment } : {});
  const upfront = input.deposit + (deferred ? 0 : input.vat);
  const cashPrice = input.price + input.vat;
  const totalPayable = upfront + sum(payments);
  return {
    cashPrice,
    upfront,
    amountOfCredit,
    monthly,
    vatPayment: deferred ? payments[DEFERRED_VAT_PAYMENT - 1] : null,
    finalPayment: payments[payments.length - 1],
    payments,
    totalPayable,
    costOfCredit: totalPayable - cashPrice,
  };
}

export interface FinanceLeaseInput {
  /** What the lender pays for the truck: the price without VAT. */
  price: number;
  months: number;
  aprPercent: number;
  /** The residual: the final balloon rental. */
  residual: number;
}

export interface FinanceLeaseQuote {
  amountFinanced: number;
  /** The monthly rental before VAT. */
  rental: number;
  rentalVat: number;
  /** The monthly rental with VAT. */
  monthly: number;
  /** The last rental with the residual, before VAT (the penny rounding lands here). */
  finalRental: number;
  finalVat: number;
  totalVat: number;
  /** Every rental and the residual, with VAT. */
  totalPayable: number;
  /** Rentals and residual before VAT, less the price. */
  costOfCredit: number;
}

export function financeLease(input: FinanceLeaseInput): FinanceLeaseQuote {
  const r = monthlyRate(input.aprPercent);
  const rental = levelPayment(input.price, r, input.months, input.residual);
  const rentals = schedule(input.price, r, input.months, rental);
  const finalRental = rentals[rentals.length - 1];
  const rentalVat = vatOn(rental);
  const finalVat = vatOn(finalRental);
  const totalVat = rentalVat * (input.months - 1) + finalVat;
  const net = sum(rentals);
  return {
    amountFinanced: input.price,
    rental,
    rentalVat,
    monthly: rental + rentalVat,
    finalRental,
    finalVat,
    totalVat,
    totalPayable: net + totalVat,
    costOfCredit: net - input.price,
  };
}

/** How a listing's price stands for VAT: "+VAT" (price without VAT), "no VAT", or not stated. */
export type ListingVat = 'plus_vat' | 'no_vat' | null;

/** The VAT an HP buyer pays on a listing's price (pence): only "+VAT" prices have any. */
export const vatOnListingPrice = (pricePence: number, vatStatus: ListingVat) => (vatStatus === 'plus_vat' ? vatOn(pricePence) : 0);

export interface RepresentativeTerms {
  cashPricePounds: number;
  depositPounds: number;
  termMonths: number;
  aprPercent: number;
  balloonPounds: number;
}

/**
 * The cards' "from £X/month": HP on a listing's price with the representative example's terms —
 * its APR and term, and its deposit and balloon as shares of its cash price; any VAT paid with the
 * deposit. Pence.
 */
export function illustrativeMonthly(pricePounds: number, terms: RepresentativeTerms): number {
  const price = pricePounds * 100;
  const share = (pounds: number) => Math.round((price * pounds) / terms.cashPricePounds);
  return hirePurchase({
    price,
    vat: 0,
    deposit: share(terms.depositPounds),
    months: terms.termMonths,
    aprPercent: terms.aprPercent,
    balloon: share(terms.balloonPounds),
    vatTiming: 'deposit',
  }).monthly;
}

/** The representative example's figures (pence), worked out by the same arithmetic as the calculator. */
export function representativeQuote(terms: RepresentativeTerms): HirePurchaseQuote {
  return hirePurchase({
    price: terms.cashPricePounds * 100,
    vat: 0,
    deposit: terms.depositPounds * 100,
    months: terms.termMonths,
    aprPercent: terms.aprPercent,
    balloon: terms.balloonPounds * 100,
    vatTiming: 'deposit',
  });
}
