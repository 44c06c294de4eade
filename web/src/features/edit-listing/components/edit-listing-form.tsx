import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon, Save } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import {
  ContactFields,
  DescriptionField,
  FeaturesField,
  FormSection,
  PricingFields,
  TextField,
  VehicleDetailsFields,
} from '@/components/listing-form/listing-form-fields';
import { type ListingFormValues, listingFormValues } from '@/components/listing-form/listing-form-values';
import { RegistrationField } from '@/components/listing-form/registration-field';
import { uploadNewImages } from '@/components/listing-form/upload-new-images';
import { ImageManager, type ManagedImage, storedImages } from '@/components/listing-images/image-manager';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { toast } from '@/lib/toast';
import type { Listing } from '@shared/schemas/listing';
import { type EditListing, type EditListingInput, SELL_TEXTS, editListingSchema } from '@shared/schemas/sell';
import { CATEGORIES, FUELS, MAKES, TRANSMISSIONS } from '@shared/values';
import { EDIT_CATEGORIES, EDIT_FUELS, EDIT_TRANSMISSIONS, type Option, SELL_MAKES, optionsFor } from '@shared/listing-options';
import { useUpdateListing } from '../api/update-listing';

type EditFormValues = ListingFormValues & { title: string };

/** The screen's option list, plus the listing's current value when the list lacks it (so saving keeps it). */
function withCurrent(options: Option[], current: string, all: ReadonlyArray<{ value: string; label: string }>): Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: all.find((o) => o.value === current)?.label ?? current }];
}

export function EditListingForm({ listing }: { listing: Listing }) {
  const navigate = useNavigate();
  const update = useUpdateListing();
  const [images, setImages] = useState<ManagedImage[]>(() => storedImages(listing.images));
  const [saving, setSaving] = useState(false);
  const initial: EditFormValues = { title: listing.title, ...listingFormValues(listing) };

  const form = useForm<EditFormValues, unknown, EditListing>({
    resolver: zodResolver(editListingSchema) as never,
    defaultValues: initial,
  });

  const onValid = async (values: EditListing) => {
    setSaving(true);
    try {
      const uploaded = await uploadNewImages(images, SELL_TEXTS.updateFailed);
      if (!uploaded) return;
      const keys = uploaded.keys;
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

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate aria-label="Edit listing">
        <VehicleDetailsFields
          title="Vehicle Details"
          disabled={saving}
          makes={withCurrent(optionsFor(MAKES, SELL_MAKES), initial.make, MAKES)}
          categories={withCurrent([...EDIT_CATEGORIES], initial.category, CATEGORIES)}
          fuels={withCurrent(optionsFor(FUELS, EDIT_FUELS), initial.fuelType, FUELS)}
          transmissions={withCurrent(optionsFor(TRANSMISSIONS, EDIT_TRANSMISSIONS), initial.transmission, TRANSMISSIONS)}
        >
          <TextField name="title" label="Title" required className="sm:col-span-2 lg:col-span-3" disabled={saving} />
          <RegistrationField disabled={saving} />
        </VehicleDetailsFields>

        <FormSection icon={ImageIcon} title="Images">
          <ImageManager images={images} onChange={setImages} disabled={saving} label="Listing images" />
        </FormSection>

        <PricingFields disabled={saving} />
        <DescriptionField disabled={saving} />
        <FeaturesField disabled={saving} />
        <ContactFields disabled={saving} phoneLabel="Phone" />

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
    </FormProvider>
  );
}
