import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FINANCE_TERM_MONTHS, type ListingVat, UK_VAT_RATE, vatOnListingPrice } from '@shared/finance';
import type { PublicFinanceSettings } from '@shared/schemas/finance';
import { FieldError, Input, Label, Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatGBP } from '@/lib/format';
import { useFinanceSettings } from './api/get-finance-settings';
import { type CalculatorFields, calculate, fieldsFromUrl, fieldsToUrl } from './lib/calculator-state';
import { formatPence } from './lib/money';
import { FinanceNotice } from './finance-notice';

interface PricedListing {
  price: number;
  vatStatus: ListingVat;
  status: string;
}

/**
 * The listing page's monthly-cost calculator (issue 26 §3): hire purchase or finance lease, the
 * figures worked out as the buyer types, every input in the URL. Shown only for a priced, active
 * listing while staff have set the FCA number and the representative example.
 */
export function FinanceCalculator({ listing }: { listing: PricedListing }) {
  const settings = useFinanceSettings();
  if (!settings || !(listing.price > 0) || listing.status !== 'active') return null;
  return <Calculator listing={listing} settings={settings} />;
}

function Calculator({ listing, settings }: { listing: PricedListing; settings: NonNullable<PublicFinanceSettings> }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const fields = fieldsFromUrl(params, settings);
  const set = (patch: Partial<CalculatorFields>) =>
    setParams((prev) => fieldsToUrl(prev, { ...fieldsFromUrl(prev, settings), ...patch }), { replace: true, preventScrollReset: true });
  const result = calculate(fields, listing.price, listing.vatStatus);
  const errors = result.ok ? {} : result.errors;
  const hp = fields.product === 'hp';
  const plusVat = listing.vatStatus === 'plus_vat';
  const f = (name: string) => `${id}-${name}`;
  const described = (name: keyof CalculatorFields) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${f(name)}-error` } : {};

  return (
    <section
      aria-labelledby={f('heading')}
      data-testid="finance-calculator"
      className="rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={f('heading')} className="mb-1 text-lg font-bold text-primary">
        Monthly cost
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">Work out a monthly payment on hire purchase or a finance lease.</p>

      <ProductSwitch name={f('product')} product={fields.product} onChange={(product) => set({ product })} />

      <p className="mb-4 rounded-md bg-muted px-3 py-2 text-sm" data-testid="finance-vat-note">
        {vatNote(hp, listing)}
      </p>

      <div className="grid gap-4 sm:grid-cols-2">
        {hp ? (
          <div>
            <Label htmlFor={f('deposit')}>Deposit</Label>
            <div className="mt-1.5 flex gap-2">
              <Input
                id={f('deposit')}
                inputMode="decimal"
                value={fields.deposit}
                onChange={(e) => set({ deposit: e.target.value })}
                {...described('deposit')}
              />
              <Select
                aria-label="Deposit in"
                value={fields.depositUnit}
                onChange={(e) => set({ depositUnit: e.target.value as CalculatorFields['depositUnit'] })}
                className="w-24 shrink-0"
              >
                <option value="percent">%</option>
                <option value="pounds">£</option>
              </Select>
            </div>
            <FieldError id={`${f('deposit')}-error`} message={errors.deposit} />
          </div>
        ) : null}
        <NumberField
          id={f('term')}
          label={`Term (${FINANCE_TERM_MONTHS.min}–${FINANCE_TERM_MONTHS.max} months)`}
          value={fields.term}
          onChange={(term) => set({ term })}
          error={errors.term}
          inputMode="numeric"
        />
        <NumberField id={f('apr')} label="APR (%)" value={fields.apr} onChange={(apr) => set({ apr })} error={errors.apr} />
        {hp ? (
          <NumberField
            id={f('balloon')}
            label="Balloon, paid with the last payment (£, optional)"
            value={fields.balloon}
            onChange={(balloon) => set({ balloon })}
            error={errors.balloon}
          />
        ) : (
          <NumberField
            id={f('residual')}
            label="Residual (£)"
            value={fields.residual}
            onChange={(residual) => set({ residual })}
            error={errors.residual}
          />
        )}
      </div>

      {hp && plusVat ? (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium">
            When is the VAT ({formatGBP(vatOnListingPrice(listing.price * 100, 'plus_vat') / 100)}) paid?
          </legend>
          <div className="mt-1.5 flex flex-col gap-1.5 text-sm sm:flex-row sm:gap-5">
            {(
              [
                ['deposit', 'With the deposit'],
                ['payment3', 'Deferred, with payment 3'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-9 cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name={f('vat')}
                  value={value}
                  checked={fields.vatTiming === value}
                  onChange={() => set({ vatTiming: value })}
                  className="size-4 accent-primary"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div aria-live="polite" className="mt-5 rounded-md border border-primary/20 bg-primary/5 p-4">
        {result.ok ? (
          <Figures result={result} />
        ) : (
          <p className="text-sm text-muted-foreground">Correct the figures above to see a monthly cost.</p>
        )}
      </div>
      <FinanceNotice settings={settings} className="mt-4" />
    </section>
  );
}

function Figures({ result }: { result: Extract<ReturnType<typeof calculate>, { ok: true }> }) {
  const rows: Array<[string, number]> = [];
  let monthly: number;
  let totalPayable: number;
  let costOfCredit: number;
  if (result.hp) {
    const q = result.hp;
    monthly = q.monthly;
    totalPayable = q.totalPayable;
    costOfCredit = q.costOfCredit;
    rows.push(['Paid at the start', q.upfront], ['Amount of credit', q.amountOfCredit]);
    if (q.vatPayment !== null) rows.push(['Payment 3, with the VAT', q.vatPayment]);
    if (q.finalPayment !== q.monthly) rows.push(['Final payment', q.finalPayment]);
  } else {
    const q = result.lease as NonNullable<typeof result.lease>;
    monthly = q.monthly;
    totalPayable = q.totalPayable;
    costOfCredit = q.costOfCredit;
    rows.push(
      ['Rental before VAT', q.rental],
      ['VAT on each rental', q.rentalVat],
      ['Final rental with the residual, with VAT', q.finalRental + q.finalVat],
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      <div className="col-span-2">
        <dt className="text-muted-foreground">{result.hp ? 'Monthly payment' : 'Monthly rental, with VAT'}</dt>
        <dd className="text-3xl font-extrabold tracking-tight text-primary" data-testid="finance-monthly">
          {formatPence(monthly)}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Total payable</dt>
        <dd className="font-semibold" data-testid="finance-total">
          {formatPence(totalPayable)}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Cost of credit</dt>
        <dd className="font-semibold" data-testid="finance-cost">
          {formatPence(costOfCredit)}
        </dd>
      </div>
      {rows.map(([label, pence]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">{formatPence(pence)}</dd>
        </div>
      ))}
    </dl>
  );
}

function NumberField({
  id,
  label,
  value,
  onChange,
  error,
  inputMode = 'decimal',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1.5"
        {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What the figures include for VAT, in plain words (issue 26 §3). */
function vatNote(hp: boolean, listing: PricedListing): string {
  const price = formatGBP(listing.price);
  const rate = `${UK_VAT_RATE * 100}%`;
  if (listing.vatStatus === 'plus_vat') {
    const vat = formatGBP(vatOnListingPrice(listing.price * 100, 'plus_vat') / 100);
    return hp
      ? `The price is ${price} + VAT. The VAT (${vat}) is not spread over the monthly payments: you pay it with the deposit, or defer it and pay it with payment 3, with three months' interest. Total payable includes it.`
      : `The lender pays ${price} (the price without VAT). VAT at ${rate} is added to each rental and to the residual; the monthly rental shown includes it.`;
  }
  if (listing.vatStatus === 'no_vat')
    return hp
      ? `No VAT: this truck is sold without VAT, so there is no VAT in these figures. ${price} is the whole price.`
      : `This truck is sold without VAT, but a lease is charged VAT: ${rate} is added to each rental and to the residual, and the monthly rental shown includes it.`;
  return hp
    ? `The advert does not say whether VAT is added: these figures use the price as shown, ${price}, with no VAT. Ask the seller.`
    : `The advert does not say whether VAT is added: the lender's price is taken as ${price}. VAT at ${rate} is added to each rental and to the residual.`;
}

/** Hire purchase or finance lease, as two radio buttons styled as a switch. */
function ProductSwitch({
  name,
  product,
  onChange,
}: {
  name: string;
  product: CalculatorFields['product'];
  onChange: (p: CalculatorFields['product']) => void;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="sr-only">Type of finance</legend>
      <div className="inline-flex rounded-md border border-border p-0.5">
        {(
          [
            ['hp', 'Hire purchase'],
            ['lease', 'Finance lease'],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className={cn(
              'cursor-pointer rounded px-3 py-1.5 text-sm font-semibold focus-within:outline-2 focus-within:outline-ring',
              product === value ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={product === value}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
