import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, Info, PoundSterling, Save, Tag, Truck, UserRound } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FeaturesInput } from '@/components/forms/features-input';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { ImageManager, type ManagedImage, storedImages } from '@/components/listing-images/image-manager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { summariseUploadFailures, uploadFailureReason } from '@/lib/listing-image-rules';
import { uploadListingImages } from '@/lib/listing-images';
import { toast } from '@/lib/toast';
import type { Listing } from '@shared/schemas/listing';
import { type EditListing, type EditListingInput, SELL_LIMITS, SELL_TEXTS, editListingSchema } from '@shared/schemas/sell';
import {
  AXLE_CONFIGS,
  CAB_TYPES,
  CATEGORIES,
  EDIT_CATEGORIES,
  EDIT_FUELS,
  EDIT_TRANSMISSIONS,
  EURO_STANDARDS,
  FUELS,
  MAKES,
  type Option,
  SELL_MAKES,
  TRANSMISSIONS,
  VAT_STATUSES,
  optionsFor,
} from '@shared/values';
import { useUpdateListing } from '../api/update-listing';

type EditFormValues = {
  title: string;
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

const str = (v: string | number | null | undefined) => (v == null ? '' : String(v));

function valuesOf(l: Listing): EditFormValues {
  return {
    title: l.title,
    make: str(l.make),
    model: str(l.model),
    year: str(l.year),
    category: str(l.category),
    fuelType: str(l.fuelType),
    transmission: str(l.transmission),
    mileage: str(l.mileage),
    engineSize: str(l.engineSize),
    axleConfig: str(l.axleConfig),
    gvwTonnes: str(l.gvwTonnes),
    euroStandard: str(l.euroStandard),
    cabType: str(l.cabType),
    price: str(l.price),
    vatStatus: str(l.vatStatus),
    description: str(l.description),
    features: l.features ?? [],
    contactName: str(l.contactName),
    companyName: str(l.companyName),
    phone: str(l.phone),
    email: str(l.email),
    location: str(l.location),
    postcode: str(l.postcode),
  };
}

/** The screen's option list, plus the listing's current value when the list lacks it (so saving keeps it). */
function withCurrent(options: Option[], current: string, all: ReadonlyArray<{ value: string; label: string }>): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: all.find((o) => o.value === current)?.label ?? current }];
}

function Section({ icon: Icon, title, children }: { icon: typeof Truck; title: string; children: ReactNode }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function EditListingForm({ listing }: { listing: Listing }) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const navigate = useNavigate();
  const update = useUpdateListing();
  const [images, setImages] = useState<ManagedImage[]>(() => storedImages(listing.images));
  const [saving, setSaving] = useState(false);
  const initial = valuesOf(listing);

  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<EditFormValues, unknown, EditListing>({
    resolver: zodResolver(editListingSchema) as never,
    defaultValues: initial,
  });

  const onValid = async (values: EditListing) => {
    setSaving(true);
    try {
      const files = images.flatMap((img) => (img.kind === 'new' ? [img.file] : []));
      const uploadedByFile = new Map<File, string>();
      if (files.length) {
        toast({ title: 'Uploading Images', description: `Uploading ${files.length} image(s)...`, durationMs: 60_000 });
        try {
          const outcome = await uploadListingImages(files);
          files.forEach((file, i) => {
            const image = outcome.perFile[i];
            if (image) uploadedByFile.set(file, image.key);
          });
          const failureText = summariseUploadFailures(outcome.failures);
          if (failureText) toast({ title: 'Image Upload Error', description: failureText, variant: 'destructive' });
        } catch (err) {
          if (err instanceof ApiError && err.code === 'SUSPENDED') {
            toastApiFailure(err, 'Error', SELL_TEXTS.updateFailed);
            return;
          }
          const failureText = summariseUploadFailures(
            files.map((file) => ({
              name: file.name,
              message: uploadFailureReason(err instanceof ApiError ? err.code : null, err instanceof Error ? err.message : null),
            })),
          );
          toast({ title: 'Image Upload Error', description: failureText ?? '', variant: 'destructive' });
        }
      }
      const keys = images.flatMap((img) => {
        if (img.kind === 'stored') return [img.image.key];
        const key = uploadedByFile.get(img.file);
        return key ? [key] : [];
      });
      const body: EditListingInput = { ...values, images: keys };
      await update.mutateAsync({ id: listing.id, body });
      toast({ title: 'Success', description: SELL_TEXTS.updated, variant: 'success' });
      navigate(paths.dealerDashboard);
    } catch (err) {
      console.error('Saving the listing failed', err);
      if (err instanceof ApiError && err.status === 401) {
        toast({ title: 'Error', description: 'Authentication required', variant: 'destructive' });
      } else {
        toastApiFailure(err, 'Error', SELL_TEXTS.updateFailed);
      }
    } finally {
      setSaving(false);
    }
  };

  const onInvalid = () =>
    toast({ title: 'Validation Error', description: 'Please correct the highlighted fields.', variant: 'destructive' });

  const err = (name: keyof EditFormValues) => errors[name]?.message as string | undefined;
  const text = (
    name: keyof EditFormValues,
    label: string,
    opts: {
      required?: boolean;
      type?: string;
      inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
      autoComplete?: string;
      className?: string;
    } = {},
  ) => (
    <FormField id={f(name)} label={label} required={opts.required} error={err(name)} className={opts.className}>
      <Input
        id={f(name)}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        autoComplete={opts.autoComplete ?? 'off'}
        disabled={saving}
        {...invalidProps(f(name), err(name))}
        {...register(name)}
      />
    </FormField>
  );
  const select = (
    name: keyof EditFormValues,
    label: string,
    options: Option[],
    opts: { required?: boolean; placeholder?: string } = {},
  ) => (
    <FormField id={f(name)} label={label} required={opts.required} error={err(name)}>
      <Select id={f(name)} disabled={saving} {...invalidProps(f(name), err(name))} {...register(name)}>
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
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Edit listing">
      <Section icon={Truck} title="Vehicle Details">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {text('title', 'Title', { required: true, className: 'sm:col-span-2 lg:col-span-3' })}
          {select('make', 'Make', withCurrent(optionsFor(MAKES, SELL_MAKES), initial.make, MAKES), {
            required: true,
            placeholder: 'Select make',
          })}
          {text('model', 'Model', { required: true })}
          {text('year', 'Year', { required: true, inputMode: 'numeric' })}
          {select('category', 'Category', withCurrent([...EDIT_CATEGORIES], initial.category, CATEGORIES), {
            required: true,
            placeholder: 'Select category',
          })}
          {select('fuelType', 'Fuel Type', withCurrent(optionsFor(FUELS, EDIT_FUELS), initial.fuelType, FUELS), {
            placeholder: 'Select fuel type',
          })}
          {select(
            'transmission',
            'Transmission',
            withCurrent(optionsFor(TRANSMISSIONS, EDIT_TRANSMISSIONS), initial.transmission, TRANSMISSIONS),
            {
              placeholder: 'Select transmission',
            },
          )}
          {text('mileage', 'Mileage', { inputMode: 'numeric' })}
          {text('engineSize', 'Engine Size (litres)', { inputMode: 'decimal' })}
          {select(
            'axleConfig',
            'Axle Configuration',
            AXLE_CONFIGS.map((a) => ({ value: a, label: a })),
            { placeholder: 'Select axle configuration' },
          )}
          {text('gvwTonnes', 'Gross Vehicle Weight (tonnes)', { inputMode: 'decimal' })}
          {select('euroStandard', 'Euro Standard', [...EURO_STANDARDS], { placeholder: 'Select Euro standard' })}
          {select('cabType', 'Cab Type', [...CAB_TYPES], { placeholder: 'Select cab type' })}
        </div>
      </Section>

      <Section icon={ImageIcon} title="Images">
        <ImageManager images={images} onChange={setImages} disabled={saving} label="Listing images" />
      </Section>

      <Section icon={PoundSterling} title="Pricing">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('price', 'Price (£, excluding VAT)', { required: true, inputMode: 'decimal' })}
          {select('vatStatus', 'VAT Status', [...VAT_STATUSES], { placeholder: 'Select VAT status' })}
        </div>
      </Section>

      <Section icon={Info} title="Description">
        <FormField id={f('description')} label="Description" error={err('description')}>
          <Textarea
            id={f('description')}
            rows={6}
            maxLength={SELL_LIMITS.descriptionMax}
            disabled={saving}
            {...invalidProps(f('description'), err('description'))}
            {...register('description')}
          />
        </FormField>
      </Section>

      <Section icon={Tag} title="Features">
        <Controller
          control={control}
          name="features"
          render={({ field }) => (
            <FeaturesInput
              value={field.value}
              onChange={field.onChange}
              max={SELL_LIMITS.featuresMax}
              maxLength={SELL_LIMITS.featureMax}
              disabled={saving}
            />
          )}
        />
      </Section>

      <Section icon={UserRound} title="Contact Information">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('contactName', 'Contact Name', { required: true, autoComplete: 'name' })}
          {text('companyName', 'Company Name', { autoComplete: 'organization' })}
          {text('phone', 'Phone', { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('email', 'Email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {text('location', 'Location', { autoComplete: 'address-level2' })}
          {text('postcode', 'Postcode', { autoComplete: 'postal-code' })}
        </div>
      </Section>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" size="lg" onClick={() => navigate(paths.dealerDashboard)} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? <Spinner /> : <Save aria-hidden="true" />}
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
