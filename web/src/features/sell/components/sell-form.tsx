import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, type UseFormGetValues, type UseFormSetValue, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import {
  ContactFields,
  DescriptionField,
  FeaturesField,
  FormSection,
  type ListingPlaceholders,
  PricingFields,
  VehicleDetailsFields,
} from '@/components/listing-form/listing-form-fields';
import { EMPTY_LISTING_VALUES, type ListingFormValues } from '@/components/listing-form/listing-form-values';
import { type LookupNotice, RegistrationField } from '@/components/listing-form/registration-field';
import { uploadNewImages } from '@/components/listing-form/upload-new-images';
import { ImageManager, type ManagedImage, releasePreviews } from '@/components/listing-images/image-manager';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toastApiFailure } from '@/lib/api-error-toast';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { LIMITS } from '@shared/constants';
import { formatPhone } from '@shared/phone';
import { type DvlaFillableField, SELL_TEXTS, type SellListing, type SellListingInput, sellListingSchema } from '@shared/schemas/sell';
import { VEHICLE_LOOKUP_TEXTS } from '@shared/schemas/vehicle-checks';
import { CATEGORIES, FUELS, MAKES, TRANSMISSIONS } from '@shared/values';
import { SELL_CATEGORIES, SELL_FUELS, SELL_MAKES, SELL_TRANSMISSIONS, optionsFor } from '@shared/listing-options';
import { yearOptions } from '@shared/year';
import { useCreateListing } from '../api/create-listing';
import { useLookUpVehicle } from '../api/look-up-vehicle';
import { useMe } from '../api/get-me';

/** How the look-up's notice names the fields it filled. */
const FIELD_WORDS: Record<DvlaFillableField, string> = {
  make: 'make',
  year: 'year',
  fuelType: 'fuel',
  euroStandard: 'Euro status',
  gvwTonnes: 'weight (GVW)',
  axleConfig: 'axles',
};

/** What "Find my truck" filled: the registration it read and each field's value as filled. */
interface DvlaFill {
  registration: string;
  values: Partial<Record<DvlaFillableField, string>>;
  dvlaMake: string;
}

/**
 * The fields still as the DVLA filled them (issue 27 §2): a field the seller changed since, or
 * every field once the registration is another, no longer came from the DVLA.
 */
function stillFromDvla(fill: DvlaFill | null, values: ListingFormValues): Pick<SellListingInput, 'dvlaFields' | 'dvlaMake'> {
  const normalised = values.registration.replace(/\s+/g, '').toUpperCase();
  if (!fill || normalised !== fill.registration) return { dvlaFields: [], dvlaMake: null };
  const fields = (Object.keys(fill.values) as DvlaFillableField[]).filter((f) => String(values[f] ?? '') === fill.values[f]);
  return { dvlaFields: fields, dvlaMake: fields.includes('make') && fill.dvlaMake ? fill.dvlaMake : null };
}

const REQUIRED: Array<keyof ListingFormValues> = ['make', 'model', 'year', 'category', 'contactName', 'phone'];

/** The examples the sell form shows in its empty inputs. */
const PLACEHOLDERS: ListingPlaceholders = {
  model: 'e.g. FH16 750',
  mileage: 'e.g. 350000',
  engineSize: 'e.g. 12.8',
  gvwTonnes: 'e.g. 44',
  price: 'e.g. 45000',
  phone: '07700 900123',
  location: 'e.g. Manchester',
  postcode: 'e.g. M17 1HB',
};

/** Contact details default to the account's profile; whatever the person already typed stays. */
function useContactFromProfile(getValues: UseFormGetValues<ListingFormValues>, setValue: UseFormSetValue<ListingFormValues>) {
  const { email: signInEmail } = useAuth();
  const me = useMe();
  useEffect(() => {
    const profile = me.data;
    if (!profile && !signInEmail) return;
    const fill = (field: 'contactName' | 'companyName' | 'phone' | 'email', value: string | null | undefined) => {
      if (value && !getValues(field)) setValue(field, value);
    };
    fill('contactName', profile?.fullName);
    fill('companyName', profile?.companyName);
    // Stored in E.164; the form shows it the UK way, as the seller would type it.
    fill('phone', profile?.phone ? formatPhone(profile.phone) : null);
    fill('email', profile?.email ?? signInEmail);
  }, [me.data, signInEmail, getValues, setValue]);
}

/** The Sell Your Truck form (spec §2, §5, §8): uploads the photos, then creates the listing. */
export function SellForm() {
  const navigate = useNavigate();
  const create = useCreateListing();
  const lookup = useLookUpVehicle();
  const dvlaFill = useRef<DvlaFill | null>(null);
  const [lookupNotice, setLookupNotice] = useState<LookupNotice | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const [images, setImages] = useState<ManagedImage[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const form = useForm<ListingFormValues, unknown, SellListing>({
    // The form holds text; the shared schema turns it into the API's values (and gives its messages).
    resolver: zodResolver(sellListingSchema) as never,
    defaultValues: EMPTY_LISTING_VALUES,
  });
  const { handleSubmit, reset, getValues, setValue } = form;

  useContactFromProfile(getValues, setValue);

  // "Find my truck": fills what the DVLA's record gives; every field stays the seller's to change.
  const onFind = async () => {
    const registration = getValues('registration').trim();
    if (!registration) {
      setLookupNotice({ tone: 'error', text: VEHICLE_LOOKUP_TEXTS.enterFirst });
      return;
    }
    setLookupNotice(null);
    try {
      const found = await lookup.mutateAsync(registration);
      const values: DvlaFill['values'] = {};
      for (const field of found.filled) {
        const value = found.fields[field];
        if (value === undefined) continue;
        values[field] = String(value);
        setValue(field, String(value), { shouldDirty: true, shouldValidate: true });
      }
      setValue('registration', found.registration, { shouldDirty: true });
      dvlaFill.current = { registration: found.registration, values, dvlaMake: found.fields.dvlaMake ?? '' };
      const words = found.filled.map((f) => FIELD_WORDS[f]);
      setLookupNotice(
        words.length
          ? { tone: 'success', text: VEHICLE_LOOKUP_TEXTS.filled(words) }
          : { tone: 'error', text: VEHICLE_LOOKUP_TEXTS.nothingFilled },
      );
    } catch (err) {
      setLookupNotice({
        tone: 'error',
        text: err instanceof ApiError && err.status < 500 ? err.message : VEHICLE_LOOKUP_TEXTS.unavailable,
      });
    }
  };

  const onInvalid = (formErrors: FieldErrors<ListingFormValues>) => {
    const values = getValues();
    const missing =
      REQUIRED.some((k) => !String(values[k] ?? '').trim()) || (!values.priceOnApplication && !String(values.price ?? '').trim());
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
      const uploaded = await uploadNewImages(images, SELL_TEXTS.saveFailed);
      if (!uploaded) return;
      const { keys, failureText } = uploaded;

      const body: SellListingInput = { ...values, ...stillFromDvla(dvlaFill.current, getValues()), images: keys };
      // One key per submission, kept until it succeeds: a retry after a lost answer is the same submission.
      idempotencyKey.current ??= crypto.randomUUID();
      try {
        await create.mutateAsync({ body, idempotencyKey: idempotencyKey.current });
        idempotencyKey.current = null;
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
      reset(EMPTY_LISTING_VALUES);
      dvlaFill.current = null;
      setLookupNotice(null);
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

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Sell your truck">
        <FormSection icon={ImageIcon} title="Truck Images" description="Add up to 10 photos. The first one is the main image buyers see.">
          <ImageManager images={images} onChange={setImages} disabled={submitting} label="Truck images" />
        </FormSection>

        <VehicleDetailsFields
          title="Truck Details"
          disabled={submitting}
          makes={optionsFor(MAKES, SELL_MAKES)}
          categories={optionsFor(CATEGORIES, SELL_CATEGORIES)}
          fuels={optionsFor(FUELS, SELL_FUELS)}
          transmissions={optionsFor(TRANSMISSIONS, SELL_TRANSMISSIONS)}
          years={yearOptions().map((y) => ({ value: String(y), label: String(y) }))}
          placeholders={PLACEHOLDERS}
        >
          <RegistrationField disabled={submitting} onFind={onFind} finding={lookup.isPending} notice={lookupNotice} />
        </VehicleDetailsFields>
        <PricingFields disabled={submitting} description="Enter the price excluding VAT." placeholders={PLACEHOLDERS} />
        <DescriptionField disabled={submitting} placeholder="Condition, service history, recent work, why you're selling…" />
        <FeaturesField disabled={submitting} description="Add the equipment and extras buyers look for." />
        <ContactFields
          disabled={submitting}
          description="Signed-in buyers see these details on your listing."
          phoneLabel="Phone Number"
          placeholders={PLACEHOLDERS}
        />

        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="submit" variant="accent" size="lg" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? <Spinner /> : null}
            {submitting ? 'Listing Truck...' : 'List My Truck'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
