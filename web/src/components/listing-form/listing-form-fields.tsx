import { Info, PoundSterling, Tag, Truck, UserRound } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FeaturesInput } from '@/components/forms/features-input';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { PRICE_TEXTS, SELL_LIMITS } from '@shared/schemas/sell';
import { AXLE_CONFIGS, CAB_TYPES, EURO_STANDARDS, type Option, VAT_STATUSES } from '@shared/listing-options';
import type { ListingFormValues } from './listing-form-values';
import { PriceRatingPreview } from './price-rating-preview';

const DVS_OPTIONS: Option[] = [0, 1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` }));

/*
 * The field groups the sell and edit forms share. Each reads the form through react-hook-form's
 * context (wrap the form in a FormProvider); what differs per screen comes in as props: the
 * option lists, section descriptions and example placeholders, the few labels that differ.
 */

type Values = ListingFormValues & { title?: string };
type TextName = Exclude<keyof Values, 'features' | 'priceOnApplication' | 'showFullRegistration' | 'dvlaFields'>;
/** Example placeholders, by field. */
export type ListingPlaceholders = Partial<Record<TextName, string>>;

export function FormSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: typeof Truck;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function useField(name: TextName) {
  const id = `${useId()}-${name}`;
  const {
    register,
    formState: { errors },
  } = useFormContext<Values>();
  const error = errors[name]?.message as string | undefined;
  return { id, error, register: register(name) };
}

export function TextField({
  name,
  label,
  disabled,
  required,
  placeholder,
  type,
  inputMode,
  autoComplete,
  className,
  hint,
}: {
  name: TextName;
  label: string;
  disabled: boolean;
  required?: boolean;
  placeholder?: string;
  type?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
  autoComplete?: string;
  className?: string;
  hint?: string;
}) {
  const { id, error, register } = useField(name);
  return (
    <FormField id={id} label={label} required={required} error={error} className={className} hint={hint}>
      <Input
        id={id}
        type={type ?? 'text'}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete ?? 'off'}
        disabled={disabled}
        {...invalidProps(id, error)}
        {...register}
      />
    </FormField>
  );
}

function SelectField({
  name,
  label,
  options,
  disabled,
  required,
  placeholder,
  hint,
}: {
  name: TextName;
  label: string;
  options: readonly Option[];
  disabled: boolean;
  required?: boolean;
  /** The empty first choice; without it the list has none. */
  placeholder?: string;
  hint?: string;
}) {
  const { id, error, register } = useField(name);
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      <Select id={id} disabled={disabled} {...invalidProps(id, error)} {...register}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** Make, model, year, category and the rest of the truck's specification. */
export function VehicleDetailsFields({
  title,
  disabled,
  makes,
  categories,
  fuels,
  transmissions,
  years,
  placeholders = {},
  children,
}: {
  title: string;
  disabled: boolean;
  makes: Option[];
  categories: Option[];
  fuels: Option[];
  transmissions: Option[];
  /** Year as a list of these; without, a free number. */
  years?: Option[];
  placeholders?: ListingPlaceholders;
  /** Fields shown before Make. */
  children?: ReactNode;
}) {
  return (
    <FormSection icon={Truck} title={title}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {children}
        <SelectField name="make" label="Make" options={makes} required placeholder="Select make" disabled={disabled} />
        <TextField name="model" label="Model" required placeholder={placeholders.model} disabled={disabled} />
        {years ? (
          <SelectField name="year" label="Year" options={years} required placeholder="Select year" disabled={disabled} />
        ) : (
          <TextField name="year" label="Year" required inputMode="numeric" placeholder={placeholders.year} disabled={disabled} />
        )}
        {/* Always chosen by the seller: a listing filed under a guessed category shows on no category page. */}
        <SelectField name="category" label="Category" options={categories} required placeholder="Select category" disabled={disabled} />
        <SelectField name="fuelType" label="Fuel Type" options={fuels} placeholder="Select fuel type" disabled={disabled} />
        <SelectField
          name="transmission"
          label="Transmission"
          options={transmissions}
          placeholder="Select transmission"
          disabled={disabled}
        />
        <TextField name="mileage" label="Mileage" inputMode="numeric" placeholder={placeholders.mileage} disabled={disabled} />
        <TextField
          name="engineSize"
          label="Engine Size (litres)"
          inputMode="decimal"
          placeholder={placeholders.engineSize}
          hint={`${SELL_LIMITS.minEngineLitres}–${SELL_LIMITS.maxEngineLitres} litres`}
          disabled={disabled}
        />
        <SelectField
          name="axleConfig"
          label="Axle Configuration"
          options={AXLE_CONFIGS.map((a) => ({ value: a, label: a }))}
          placeholder="Select axle configuration"
          disabled={disabled}
        />
        <TextField
          name="gvwTonnes"
          label="Gross Vehicle Weight (tonnes)"
          inputMode="decimal"
          placeholder={placeholders.gvwTonnes}
          disabled={disabled}
        />
        <SelectField
          name="euroStandard"
          label="Euro Standard"
          options={EURO_STANDARDS}
          placeholder="Select Euro standard"
          hint="Buyers see from it whether the truck pays London LEZ and Clean Air Zone charges."
          disabled={disabled}
        />
        <SelectField
          name="dvsStars"
          label="DVS star rating (0–5)"
          options={DVS_OPTIONS}
          placeholder="Not known"
          hint="HGVs over 12 t need a London DVS permit; the star rating tells buyers whether it qualifies."
          disabled={disabled}
        />
        <SelectField name="cabType" label="Cab Type" options={CAB_TYPES} placeholder="Select cab type" disabled={disabled} />
      </div>
    </FormSection>
  );
}

export function PricingFields({
  disabled,
  description,
  placeholders = {},
}: {
  disabled: boolean;
  description?: string;
  placeholders?: ListingPlaceholders;
}) {
  const { register, setValue, clearErrors } = useFormContext<Values>();
  const poaId = `${useId()}-poa`;
  const onApplication = useWatch<Values, 'priceOnApplication'>({ name: 'priceOnApplication' });
  const poa = register('priceOnApplication', {
    onChange: (e: { target: { checked: boolean } }) => {
      // The price box means nothing with "Price on application": empty it so nothing is sent by surprise.
      if (e.target.checked) {
        setValue('price', '');
        clearErrors('price');
      }
    },
  });
  return (
    <FormSection icon={PoundSterling} title="Pricing" description={description}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="price"
          label="Price (£, excluding VAT)"
          required={!onApplication}
          inputMode="decimal"
          placeholder={onApplication ? PRICE_TEXTS.poaLabel : placeholders.price}
          disabled={disabled || onApplication}
        />
        <SelectField name="vatStatus" label="VAT Status" options={VAT_STATUSES} placeholder="Select VAT status" disabled={disabled} />
        <div className="flex items-start gap-2 sm:col-span-2">
          <Checkbox id={poaId} className="mt-0.5" disabled={disabled} aria-describedby={`${poaId}-hint`} {...poa} />
          <div>
            <Label htmlFor={poaId}>{PRICE_TEXTS.poaLabel}</Label>
            <p id={`${poaId}-hint`} className="text-xs text-muted-foreground">
              {PRICE_TEXTS.poaHint}
            </p>
          </div>
        </div>
        <PriceRatingPreview />
      </div>
    </FormSection>
  );
}

export function DescriptionField({ disabled, placeholder }: { disabled: boolean; placeholder?: string }) {
  const { id, error, register } = useField('description');
  const length = (useWatch<Values, 'description'>({ name: 'description' }) ?? '').length;
  const max = SELL_LIMITS.descriptionMax;
  const over = length > max;
  const counterId = `${id}-counter`;
  // No maxLength on the box: the browser would cut pasted text silently. The counter and the
  // schema's message say when it is too long, and the API refuses it with the same message.
  return (
    <FormSection icon={Info} title="Description" description={`Up to ${max.toLocaleString('en-GB')} characters.`}>
      <FormField id={id} label="Description" error={error}>
        <Textarea
          id={id}
          rows={6}
          disabled={disabled}
          placeholder={placeholder}
          {...invalidProps(id, error)}
          aria-describedby={[error ? `${id}-error` : null, counterId].filter(Boolean).join(' ')}
          {...register}
        />
        <p id={counterId} className={cn('text-right text-xs', over ? 'font-semibold text-destructive' : 'text-muted-foreground')}>
          {length.toLocaleString('en-GB')} / {max.toLocaleString('en-GB')} characters
          {over ? ` — ${(length - max).toLocaleString('en-GB')} over the limit` : ''}
        </p>
      </FormField>
    </FormSection>
  );
}

export function FeaturesField({ disabled, description }: { disabled: boolean; description?: string }) {
  const { control } = useFormContext<Values>();
  return (
    <FormSection icon={Tag} title="Features" description={description}>
      <Controller
        control={control}
        name="features"
        render={({ field }) => (
          <FeaturesInput
            value={field.value}
            onChange={field.onChange}
            max={SELL_LIMITS.featuresMax}
            maxLength={SELL_LIMITS.featureMax}
            disabled={disabled}
          />
        )}
      />
    </FormSection>
  );
}

export function ContactFields({
  disabled,
  description,
  phoneLabel,
  placeholders = {},
}: {
  disabled: boolean;
  description?: string;
  phoneLabel: string;
  placeholders?: ListingPlaceholders;
}) {
  return (
    <FormSection icon={UserRound} title="Contact Information" description={description}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="contactName" label="Contact Name" required autoComplete="name" disabled={disabled} />
        <TextField name="companyName" label="Company Name" autoComplete="organization" disabled={disabled} />
        <TextField
          name="phone"
          label={phoneLabel}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={placeholders.phone}
          disabled={disabled}
        />
        <TextField name="email" label="Email" type="email" inputMode="email" autoComplete="email" disabled={disabled} />
        <TextField name="location" label="Location" placeholder={placeholders.location} autoComplete="address-level2" disabled={disabled} />
        <TextField name="postcode" label="Postcode" placeholder={placeholders.postcode} autoComplete="postal-code" disabled={disabled} />
      </div>
    </FormSection>
  );
}
