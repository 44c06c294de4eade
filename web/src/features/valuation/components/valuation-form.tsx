import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { maxYear } from '@shared/year';
import {
  MOT_STATUSES,
  VALUATION_LIMITS,
  VALUATION_MAKE_OPTIONS,
  VALUATION_TRANSMISSION_OPTIONS,
  VALUATION_VEHICLE_TYPES,
  VALUATION_WHEEL_CONFIGS,
  type ValuationForm as ValuationFormValues,
  type ValuationRequestInput,
  VALUATION_PROMISE,
  valuationFormSchema,
} from '@shared/schemas/valuation';
import { HoneypotField } from '@/components/forms/honeypot-field';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { SendButton } from '@/components/forms/send-button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, Select, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChallenge } from '@/components/forms/challenge-field';
import { useCreateValuationRequest } from '../api/create-valuation-request';
import { ImageUploadError, type UploadedValuationImage, useUploadValuationImages } from '../api/upload-valuation-images';
import { ImagePicker, type SelectedImage } from './image-picker';

/** The server names a refused photo by its storage key; the person chose it by its file name. */
function withFileNames(message: string, uploaded: UploadedValuationImage[]): string {
  return uploaded.reduce((text, u) => text.split(u.key.slice(u.key.lastIndexOf('/') + 1)).join(u.fileName), message);
}

const EMPTY: ValuationRequestInput = {
  make: '',
  model: '',
  type: '',
  age: '',
  mileage: '',
  motStatus: '',
  wheelConfiguration: '',
  horsePower: '',
  transmissionType: '',
  additionalInfo: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  company: '',
  website: '',
};

type FieldName = Exclude<keyof ValuationRequestInput, 'imageKeys'>;

export function ValuationForm() {
  const id = useId();
  const [images, setImages] = useState<SelectedImage[]>([]);
  const create = useCreateValuationRequest();
  const challenge = useChallenge();
  const upload = useUploadValuationImages();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ValuationRequestInput, unknown, ValuationFormValues>({
    resolver: zodResolver(valuationFormSchema),
    defaultValues: EMPTY,
    // onInvalid focuses the first invalid control in page order; react-hook-form's own focus
    // follows the order fields registered in, which the nested field blocks change.
    shouldFocusError: false,
  });

  const onSubmit = async (values: ValuationFormValues) => {
    let uploaded: UploadedValuationImage[] = [];
    try {
      uploaded = await upload.mutateAsync(images.map((img) => img.file));
      await create.mutateAsync({ ...values, imageKeys: uploaded.map((u) => u.key), altcha: await challenge.handle.solve() });
      toast({
        title: 'Valuation request sent',
        description: VALUATION_PROMISE.acknowledgement,
        variant: 'success',
      });
      reset(EMPTY);
      for (const img of images) URL.revokeObjectURL(img.previewUrl);
      setImages([]);
    } catch (error) {
      if (error instanceof ImageUploadError) {
        toast({ title: 'Image upload failed', description: error.message, variant: 'destructive' });
      } else if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
        toast({
          title: error.status === 413 ? 'File too large' : 'Invalid file type',
          description: withFileNames(error.message, uploaded),
          variant: 'destructive',
        });
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404) {
        toast({
          title: error.status === 429 ? 'Too many requests' : 'Please check your details',
          description: error.message,
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Something went wrong',
          description: error instanceof Error && error.message ? error.message : 'Please try again in a moment.',
          variant: 'destructive',
        });
      }
    } finally {
      challenge.handle.reset();
    }
  };

  // Focus the first invalid control on the page (DOM order, not the order fields registered in).
  const onInvalid = (errs: FieldErrors<ValuationRequestInput>) => {
    const invalid = new Set(Object.keys(errs).map((name) => `${id}-${name}`));
    const controls = Array.from(document.querySelectorAll<HTMLElement>('input, select, textarea'));
    controls.find((el) => invalid.has(el.id))?.focus();
  };

  /** Props tying a control to its label and error text. */
  const control = (name: FieldName) => ({ id: `${id}-${name}`, ...invalidProps(`${id}-${name}`, errors[name]?.message) });
  const fieldProps = (name: FieldName) => ({ id: `${id}-${name}`, error: errors[name]?.message });

  return (
    <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Fields marked{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <VehicleDetailsFields register={register} control={control} fieldProps={fieldProps} />

      <FormSection
        title="Vehicle Images"
        description="Clear photos of the outside, cab, odometer and any damage help dealers value your truck accurately."
      >
        <ImagePicker images={images} onChange={setImages} />
      </FormSection>

      <FormSection title="Contact Information" description="Dealers use these details to send you their valuation.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField {...fieldProps('contactName')} label="Full Name" required>
            <Input
              {...control('contactName')}
              {...register('contactName')}
              required
              autoComplete="name"
              maxLength={VALUATION_LIMITS.textMax}
            />
          </FormField>
          <FormField {...fieldProps('contactEmail')} label="Email Address" required>
            <Input {...control('contactEmail')} {...register('contactEmail')} type="email" required autoComplete="email" />
          </FormField>
          <FormField {...fieldProps('contactPhone')} label="Phone Number" required>
            <Input {...control('contactPhone')} {...register('contactPhone')} type="tel" required autoComplete="tel" />
          </FormField>
          <FormField {...fieldProps('company')} label="Company Name" optional>
            <Input {...control('company')} {...register('company')} autoComplete="organization" maxLength={VALUATION_LIMITS.textMax} />
          </FormField>
        </div>
        <HoneypotField id={`${id}-website`} registration={register('website')} />
      </FormSection>

      {challenge.field}
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{VALUATION_PROMISE.formNote}</p>
        <SendButton busy={isSubmitting} busyText="Submitting…" className="shrink-0">
          Submit Valuation Request
        </SendButton>
      </div>
    </form>
  );
}

/** What a field block needs from the form: registration, the control's ids and ARIA, the label's props. */
interface FieldBindings {
  register: UseFormRegister<ValuationRequestInput>;
  control: (name: FieldName) => { id: string } & ReturnType<typeof invalidProps>;
  fieldProps: (name: FieldName) => { id: string; error: string | undefined };
}

function VehicleDetailsFields({ register, control, fieldProps }: FieldBindings) {
  return (
    <FormSection title="Vehicle Details" description="Tell dealers what you are selling.">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...fieldProps('make')} label="Make" required>
          <Select {...control('make')} {...register('make')} required>
            <option value="">Select make</option>
            {VALUATION_MAKE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField {...fieldProps('model')} label="Model" required>
          <Input {...control('model')} {...register('model')} required placeholder="e.g. FH 500" maxLength={VALUATION_LIMITS.textMax} />
        </FormField>
        <FormField {...fieldProps('type')} label="Vehicle Type" required>
          <Select {...control('type')} {...register('type')} required>
            <option value="">Select vehicle type</option>
            {VALUATION_VEHICLE_TYPES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField {...fieldProps('age')} label="Year of Manufacture" required>
          <Input
            {...control('age')}
            {...register('age')}
            type="number"
            inputMode="numeric"
            min={VALUATION_LIMITS.minYear}
            max={maxYear()}
            step={1}
            required
            placeholder="e.g. 2019"
          />
        </FormField>
        <FormField {...fieldProps('mileage')} label="Mileage" required>
          <Input
            {...control('mileage')}
            {...register('mileage')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            placeholder="e.g. 420000"
          />
        </FormField>
        <FormField {...fieldProps('motStatus')} label="MOT Status" required>
          <Select {...control('motStatus')} {...register('motStatus')} required>
            <option value="">Select MOT status</option>
            {MOT_STATUSES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField {...fieldProps('wheelConfiguration')} label="Wheel Configuration" required>
          <Select {...control('wheelConfiguration')} {...register('wheelConfiguration')} required>
            <option value="">Select wheel configuration</option>
            {VALUATION_WHEEL_CONFIGS.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField {...fieldProps('horsePower')} label="Horse Power" optional>
          <Input
            {...control('horsePower')}
            {...register('horsePower')}
            type="number"
            inputMode="numeric"
            min={VALUATION_LIMITS.minHorsePower}
            step={1}
            placeholder="e.g. 500"
          />
        </FormField>
        <FormField {...fieldProps('transmissionType')} label="Transmission Type" optional>
          <Select {...control('transmissionType')} {...register('transmissionType')}>
            <option value="">Select transmission</option>
            {VALUATION_TRANSMISSION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField {...fieldProps('additionalInfo')} label="Additional Information" className="sm:col-span-2" optional>
          <Textarea
            {...control('additionalInfo')}
            {...register('additionalInfo')}
            rows={4}
            maxLength={VALUATION_LIMITS.additionalInfoMax}
            placeholder="Condition, service history, body type, extras such as a tail lift or fridge unit…"
          />
        </FormField>
      </div>
    </FormSection>
  );
}

function FormSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <h2 id={headingId} className="text-xl font-bold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
