import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, Info, PoundSterling, Tag, Truck, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FeaturesInput } from '@/components/forms/features-input';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { ImageManager, type ManagedImage, releasePreviews } from '@/components/listing-images/image-manager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { useAuth } from '@/lib/auth';
import { summariseUploadFailures, uploadFailureReason } from '@/lib/listing-image-rules';
import { uploadListingImages } from '@/lib/listing-images';
import { toast } from '@/lib/toast';
import { LIMITS, currentYear } from '@shared/constants';
import { SELL_LIMITS, SELL_TEXTS, type SellListing, type SellListingInput, sellListingSchema } from '@shared/schemas/sell';
import {
  AXLE_CONFIGS,
  CAB_TYPES,
  CATEGORIES,
  EURO_STANDARDS,
  FUELS,
  MAKES,
  SELL_CATEGORIES,
  SELL_FUELS,
  SELL_MAKES,
  SELL_TRANSMISSIONS,
  TRANSMISSIONS,
  VAT_STATUSES,
  optionsFor,
} from '@shared/values';
import { useCreateListing } from '../api/create-listing';
import { useMe } from '../api/get-me';

type SellFormValues = {
  make: string;
  model: string;
  year: string;
  category: string;
  fuelType: string;
  transmission: string;
  mileage: string;
  engineSize: string;
  axleConfig: string;
  gvwTonnes: string;
  euroStandard: string;
  cabType: string;
  price: string;
  vatStatus: string;
  description: string;
  features: string[];
  contactName: string;
  companyName: string;
  phone: string;
  email: string;
  location: string;
  postcode: string;
};

const EMPTY: SellFormValues = {
  make: '',
  model: '',
  year: '',
  category: 'other',
  fuelType: '',
  transmission: '',
  mileage: '',
  engineSize: '',
  axleConfig: '',
  gvwTonnes: '',
  euroStandard: '',
  cabType: '',
  price: '',
  vatStatus: '',
  description: '',
  features: [],
  contactName: '',
  companyName: '',
  phone: '',
  email: '',
  location: '',
  postcode: '',
};

const REQUIRED: Array<keyof SellFormValues> = ['make', 'model', 'year', 'price', 'contactName', 'phone'];

const years = () => {
  const list: number[] = [];
  for (let y = currentYear() + 1; y >= SELL_LIMITS.minYear; y--) list.push(y);
  return list;
};

function Section({
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

/** The Sell Your Truck form (spec §2, §5, §8): uploads the photos, then creates the listing. */
export function SellForm() {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const navigate = useNavigate();
  const { email: signInEmail } = useAuth();
  const me = useMe();
  const create = useCreateListing();
  const [images, setImages] = useState<ManagedImage[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<SellFormValues, unknown, SellListing>({
    // The form holds text; the shared schema turns it into the API's values (and gives its messages).
    resolver: zodResolver(sellListingSchema) as never,
    defaultValues: EMPTY,
  });

  // Contact details default to the account's profile; whatever the person already typed stays.
  useEffect(() => {
    const profile = me.data;
    if (!profile && !signInEmail) return;
    const fill = (field: 'contactName' | 'companyName' | 'phone' | 'email', value: string | null | undefined) => {
      if (value && !getValues(field)) setValue(field, value);
    };
    fill('contactName', profile?.fullName);
    fill('companyName', profile?.companyName);
    fill('phone', profile?.phone);
    fill('email', profile?.email ?? signInEmail);
  }, [me.data, signInEmail, getValues, setValue]);

  const onInvalid = (formErrors: FieldErrors<SellFormValues>) => {
    const values = getValues();
    const missing = REQUIRED.some((k) => !String(values[k] ?? '').trim());
    if (missing) {
      toast({ title: SELL_TEXTS.missingTitle, description: SELL_TEXTS.missingBody, variant: 'destructive' });
      return;
    }
    const first = Object.values(formErrors).find((e) => e?.message);
    toast({ title: 'Validation Error', description: String(first?.message ?? SELL_TEXTS.missingBody), variant: 'destructive' });
  };

  const onValid = async (values: SellListing) => {
    setSubmitting(true);
    try {
      const files = images.flatMap((img) => (img.kind === 'new' ? [img.file] : []));
      let keys: string[] = [];
      let failureText: string | null = null;
      if (files.length) {
        toast({ title: 'Uploading Images', description: `Uploading ${files.length} image(s)...`, durationMs: 60_000 });
        try {
          const outcome = await uploadListingImages(files);
          keys = outcome.images.map((i) => i.key);
          failureText = summariseUploadFailures(outcome.failures);
        } catch (err) {
          if (err instanceof ApiError && err.code === 'SUSPENDED') {
            toastApiFailure(err, 'Error', SELL_TEXTS.saveFailed);
            return;
          }
          failureText = summariseUploadFailures(
            files.map((file) => ({
              name: file.name,
              message: uploadFailureReason(err instanceof ApiError ? err.code : null, err instanceof Error ? err.message : null),
            })),
          );
        }
        if (failureText) toast({ title: 'Image Upload Error', description: failureText, variant: 'destructive' });
      }

      const body: SellListingInput = { ...values, images: keys };
      try {
        await create.mutateAsync(body);
      } catch (err) {
        console.error('Listing insert failed', err);
        toastApiFailure(err, 'Error', SELL_TEXTS.saveFailed);
        return;
      }
      toast({
        title: SELL_TEXTS.success,
        description: failureText ? `${SELL_TEXTS.successBody(keys.length)} ${failureText}.` : SELL_TEXTS.successBody(keys.length),
        variant: 'success',
      });
      reset(EMPTY);
      releasePreviews(images);
      setImages([]);
      redirect.current = setTimeout(() => navigate(paths.home), LIMITS.redirectAfterListingMs);
    } catch (err) {
      console.error('Submitting the listing failed', err);
      toast({ title: 'Error', description: SELL_TEXTS.submitFailed, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  const err = (name: keyof SellFormValues) => errors[name]?.message as string | undefined;
  const text = (
    name: keyof SellFormValues,
    label: string,
    opts: {
      required?: boolean;
      placeholder?: string;
      type?: string;
      inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
      autoComplete?: string;
      hint?: string;
      className?: string;
    } = {},
  ) => (
    <FormField id={f(name)} label={label} required={opts.required} error={err(name)} hint={opts.hint} className={opts.className}>
      <Input
        id={f(name)}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        autoComplete={opts.autoComplete ?? 'off'}
        disabled={submitting}
        {...invalidProps(f(name), err(name))}
        {...register(name)}
      />
    </FormField>
  );
  const select = (
    name: keyof SellFormValues,
    label: string,
    options: Array<{ value: string; label: string }>,
    opts: { required?: boolean; placeholder?: string } = {},
  ) => (
    <FormField id={f(name)} label={label} required={opts.required} error={err(name)}>
      <Select id={f(name)} disabled={submitting} {...invalidProps(f(name), err(name))} {...register(name)}>
        {opts.placeholder !== undefined ? <option value="">{opts.placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Sell your truck">
      <Section icon={ImageIcon} title="Truck Images" description="Add up to 10 photos. The first one is the main image buyers see.">
        <ImageManager images={images} onChange={setImages} disabled={submitting} label="Truck images" />
      </Section>

      <Section icon={Truck} title="Truck Details">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {select('make', 'Make', optionsFor(MAKES, SELL_MAKES), { required: true, placeholder: 'Select make' })}
          {text('model', 'Model', { required: true, placeholder: 'e.g. FH16 750' })}
          {select(
            'year',
            'Year',
            years().map((y) => ({ value: String(y), label: String(y) })),
            { required: true, placeholder: 'Select year' },
          )}
          {select('category', 'Category', optionsFor(CATEGORIES, SELL_CATEGORIES))}
          {select('fuelType', 'Fuel Type', optionsFor(FUELS, SELL_FUELS), { placeholder: 'Select fuel type' })}
          {select('transmission', 'Transmission', optionsFor(TRANSMISSIONS, SELL_TRANSMISSIONS), { placeholder: 'Select transmission' })}
          {text('mileage', 'Mileage', { inputMode: 'numeric', placeholder: 'e.g. 350000' })}
          {text('engineSize', 'Engine Size (litres)', { inputMode: 'decimal', placeholder: 'e.g. 12.8' })}
          {select(
            'axleConfig',
            'Axle Configuration',
            AXLE_CONFIGS.map((a) => ({ value: a, label: a })),
            { placeholder: 'Select axle configuration' },
          )}
          {text('gvwTonnes', 'Gross Vehicle Weight (tonnes)', { inputMode: 'decimal', placeholder: 'e.g. 44' })}
          {select('euroStandard', 'Euro Standard', [...EURO_STANDARDS], { placeholder: 'Select Euro standard' })}
          {select('cabType', 'Cab Type', [...CAB_TYPES], { placeholder: 'Select cab type' })}
        </div>
      </Section>

      <Section icon={PoundSterling} title="Pricing" description="Enter the price excluding VAT.">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('price', 'Price (£, excluding VAT)', { required: true, inputMode: 'decimal', placeholder: 'e.g. 45000' })}
          {select('vatStatus', 'VAT Status', [...VAT_STATUSES], { placeholder: 'Select VAT status' })}
        </div>
      </Section>

      <Section icon={Info} title="Description">
        <FormField id={f('description')} label="Description" error={err('description')}>
          <Textarea
            id={f('description')}
            rows={6}
            maxLength={SELL_LIMITS.descriptionMax}
            disabled={submitting}
            placeholder="Condition, service history, recent work, why you're selling…"
            {...invalidProps(f('description'), err('description'))}
            {...register('description')}
          />
        </FormField>
      </Section>

      <Section icon={Tag} title="Features" description="Add the equipment and extras buyers look for.">
        <Controller
          control={control}
          name="features"
          render={({ field }) => (
            <FeaturesInput
              value={field.value}
              onChange={field.onChange}
              max={SELL_LIMITS.featuresMax}
              maxLength={SELL_LIMITS.featureMax}
              disabled={submitting}
            />
          )}
        />
      </Section>

      <Section icon={UserRound} title="Contact Information" description="Signed-in buyers see these details on your listing.">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('contactName', 'Contact Name', { required: true, autoComplete: 'name' })}
          {text('companyName', 'Company Name', { autoComplete: 'organization' })}
          {text('phone', 'Phone Number', {
            required: true,
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'tel',
            placeholder: '07700 900123',
          })}
          {text('email', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {text('location', 'Location', { placeholder: 'e.g. Manchester', autoComplete: 'address-level2' })}
          {text('postcode', 'Postcode', { placeholder: 'e.g. M17 1HB', autoComplete: 'postal-code' })}
        </div>
      </Section>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" variant="accent" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? <Spinner /> : null}
          {submitting ? 'Listing Truck...' : 'List My Truck'}
        </Button>
      </div>
    </form>
  );
}
