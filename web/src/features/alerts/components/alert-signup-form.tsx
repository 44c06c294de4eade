import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  ALERT_RADIUS_OPTIONS,
  ALERT_YEAR_MIN,
  type AlertFrequency,
  type AlertPreferences,
  type AlertPreferencesValues,
  DEFAULT_ALERT_RADIUS_MILES,
  FREQUENCY_LABELS,
  alertPreferencesSchema,
  alertYearMax,
} from '@shared/schemas/alerts';
import { fuelLabel, makeLabel, transmissionLabel } from '@shared/values';
import { BROWSE_FUELS, BROWSE_MAKES, BROWSE_TRANSMISSIONS } from '@shared/listing-options';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** The form's raw values: every input is text until the shared schema parses it. */
export interface AlertFormValues {
  name: string;
  phone: string;
  email: string;
  whatsappOptedIn: boolean;
  make: string;
  model: string;
  budgetMin: string;
  budgetMax: string;
  yearMin: string;
  yearMax: string;
  fuelType: string;
  transmission: string;
  maxMileage: string;
  location: string;
  radiusMiles: string;
  frequency: string;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function formValuesFrom(
  prefs: AlertPreferences | null | undefined,
  fallback: { name?: string | null; email?: string | null },
): AlertFormValues {
  return {
    name: prefs?.name ?? fallback.name ?? '',
    phone: prefs?.phone ?? '',
    email: prefs?.email ?? fallback.email ?? '',
    whatsappOptedIn: prefs?.whatsappOptedIn ?? false,
    make: text(prefs?.make),
    model: text(prefs?.model),
    budgetMin: text(prefs?.budgetMin),
    budgetMax: text(prefs?.budgetMax),
    yearMin: text(prefs?.yearMin),
    yearMax: text(prefs?.yearMax),
    fuelType: text(prefs?.fuelType),
    transmission: text(prefs?.transmission),
    maxMileage: text(prefs?.maxMileage),
    location: text(prefs?.location),
    radiusMiles: text(prefs?.radiusMiles ?? DEFAULT_ALERT_RADIUS_MILES),
    // '' is "left at the default": the plan's fastest cadence once there is a plan.
    frequency: prefs?.frequencyChosen ? prefs.frequency : '',
  };
}

/**
 * The alert sign-up form (spec §5): contact details, what to look for, and how often. Submits the
 * parsed values; the page decides whether to save now or to create an account first.
 */
export function AlertSignupForm({
  initial,
  frequencies,
  emailLocked,
  busy,
  onSubmit,
  onSkip,
}: {
  initial: AlertFormValues;
  frequencies: AlertFrequency[];
  /** Signed in: alerts go to the account's e-mail. */
  emailLocked: boolean;
  busy: boolean;
  onSubmit: (values: AlertPreferencesValues, raw: AlertFormValues) => void;
  onSkip: () => void;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<AlertFormValues, unknown, AlertPreferencesValues>({
    // The inputs are text; the shared schema turns them into numbers and E.164.
    resolver: zodResolver(alertPreferencesSchema) as unknown as Resolver<AlertFormValues, unknown, AlertPreferencesValues>,
    defaultValues: initial,
  });
  const f = (name: keyof AlertFormValues) => ({ id: `${id}-${name}`, ...invalidProps(`${id}-${name}`, errors[name]?.message) });
  const err = (name: keyof AlertFormValues) => errors[name]?.message;
  const yearMax = alertYearMax();

  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values, getValues()))} noValidate className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-foreground">Your details</legend>
        <FormField id={`${id}-name`} label="Full Name" required error={err('name')}>
          <Input autoComplete="name" {...f('name')} {...register('name')} />
        </FormField>
        <FormField id={`${id}-phone`} label="Phone Number" required error={err('phone')} hint="For WhatsApp alerts, e.g. 07700 900123.">
          <Input type="tel" autoComplete="tel" {...f('phone')} {...register('phone')} />
        </FormField>
        <FormField
          id={`${id}-email`}
          label="Email"
          required
          error={err('email')}
          hint={emailLocked ? 'Alerts go to your account’s verified e-mail.' : undefined}
          className="sm:col-span-2"
        >
          <Input type="email" autoComplete="email" readOnly={emailLocked} {...f('email')} {...register('email')} />
        </FormField>
        <div className="flex items-start gap-2 sm:col-span-2">
          <Checkbox id={`${id}-whatsapp`} {...register('whatsappOptedIn')} />
          <label htmlFor={`${id}-whatsapp`} className="text-sm">
            Send me alerts on WhatsApp too (Platinum plan)
          </label>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-foreground">What are you looking for?</legend>
        <FormField id={`${id}-make`} label="Make" error={err('make')}>
          <Select {...f('make')} {...register('make')}>
            <option value="">Any make</option>
            {BROWSE_MAKES.map((m) => (
              <option key={m} value={m}>
                {makeLabel(m)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={`${id}-model`} label="Model" error={err('model')}>
          <Input placeholder="e.g. FH 500" {...f('model')} {...register('model')} />
        </FormField>
        <FormField id={`${id}-budgetMin`} label="Budget from (£)" error={err('budgetMin')}>
          <Input inputMode="numeric" {...f('budgetMin')} {...register('budgetMin')} />
        </FormField>
        <FormField id={`${id}-budgetMax`} label="Budget up to (£)" error={err('budgetMax')}>
          <Input inputMode="numeric" {...f('budgetMax')} {...register('budgetMax')} />
        </FormField>
        <FormField id={`${id}-yearMin`} label="Year from" error={err('yearMin')} hint={`${ALERT_YEAR_MIN}–${yearMax}`}>
          <Input inputMode="numeric" {...f('yearMin')} {...register('yearMin')} />
        </FormField>
        <FormField id={`${id}-yearMax`} label="Year to" error={err('yearMax')}>
          <Input inputMode="numeric" {...f('yearMax')} {...register('yearMax')} />
        </FormField>
        <FormField id={`${id}-fuelType`} label="Fuel Type" error={err('fuelType')}>
          <Select {...f('fuelType')} {...register('fuelType')}>
            <option value="">Any fuel</option>
            {BROWSE_FUELS.map((v) => (
              <option key={v} value={v}>
                {fuelLabel(v)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={`${id}-transmission`} label="Transmission" error={err('transmission')}>
          <Select {...f('transmission')} {...register('transmission')}>
            <option value="">Any gearbox</option>
            {BROWSE_TRANSMISSIONS.map((v) => (
              <option key={v} value={v}>
                {transmissionLabel(v)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={`${id}-maxMileage`} label="Maximum Mileage" error={err('maxMileage')}>
          <Input inputMode="numeric" {...f('maxMileage')} {...register('maxMileage')} />
        </FormField>
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <FormField id={`${id}-location`} label="Location" error={err('location')}>
            <Input placeholder="Postcode or town" {...f('location')} {...register('location')} />
          </FormField>
          <FormField id={`${id}-radiusMiles`} label="Within" error={err('radiusMiles')}>
            <Select {...f('radiusMiles')} {...register('radiusMiles')}>
              {ALERT_RADIUS_OPTIONS.map((r) => (
                <option key={r} value={r}>
                  {r} miles
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField id={`${id}-frequency`} label="Alert Frequency" error={err('frequency')}>
          <Select {...f('frequency')} {...register('frequency')}>
            <option value="">The fastest my plan includes</option>
            {frequencies.map((v) => (
              <option key={v} value={v}>
                {FREQUENCY_LABELS[v]}
              </option>
            ))}
          </Select>
        </FormField>
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <Spinner /> : null}
          Save Preferences
        </Button>
        <Button variant="outline" size="lg" onClick={onSkip}>
          Skip to Pricing
        </Button>
      </div>
    </form>
  );
}
