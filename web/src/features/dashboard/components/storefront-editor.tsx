import { ExternalLink, ImagePlus, Store } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { uploadListingImages } from '@/lib/listing-images';
import { toast } from '@/lib/toast';
import { type DayHours, STOREFRONT_LIMITS, STOREFRONT_TEXTS, storefrontUpdateSchema } from '@shared/schemas/storefront';
import { WEEKDAYS, WEEKDAY_LABELS } from '@shared/weekdays';
import { useMyStorefront, useSaveMyStorefront } from '../api/my-storefront';
import { DealerLogo } from '@/components/ui/dealer-logo';

const DEFAULT_HOURS: DayHours[] = WEEKDAYS.map((day) =>
  day === 'sun'
    ? { day, closed: true, open: null, close: null }
    : { day, closed: false, open: day === 'sat' ? '09:00' : '08:00', close: day === 'sat' ? '13:00' : '17:30' },
);

/** The dashboard's "Your storefront" (issue 26 §1): about, town, postcode, hours and logo, checked with the same schema as the API. */
export function StorefrontEditor({ enabled }: { enabled: boolean }) {
  const mine = useMyStorefront(enabled);
  const save = useSaveMyStorefront();
  const [about, setAbout] = useState('');
  const [town, setTown] = useState('');
  const [postcode, setPostcode] = useState('');
  const [hours, setHours] = useState<DayHours[]>(DEFAULT_HOURS);
  const [logo, setLogo] = useState<{ key: string | null; thumbUrl: string | null }>({ key: null, thumbUrl: null });
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { about: useId(), town: useId(), postcode: useId(), logo: useId() };

  useEffect(() => {
    const d = mine.data;
    if (!d) return;
    setAbout(d.about);
    setTown(d.town ?? '');
    setPostcode(d.postcodeDistrict ?? '');
    setHours(d.hours ?? DEFAULT_HOURS);
    setLogo({ key: d.logoKey, thumbUrl: d.logo?.thumbUrl ?? null });
  }, [mine.data]);

  if (!enabled) return null;
  if (mine.isPending)
    return (
      <Card className="mt-8 flex justify-center p-6">
        <Spinner />
      </Card>
    );
  if (!mine.data) return null;
  const s = mine.data;

  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const out = await uploadListingImages([file]);
      const image = out.images[0];
      if (image) setLogo({ key: image.key, thumbUrl: image.thumbUrl });
      else
        toast({ title: 'Logo not uploaded', description: out.failures[0]?.message ?? 'Please try another image.', variant: 'destructive' });
    } catch (err) {
      toastApiFailure(err, 'Logo not uploaded', 'Please try again.');
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { about, town, postcode, hours, logoKey: logo.key };
    const parsed = storefrontUpdateSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: () => toast({ title: 'Storefront saved', description: 'Buyers see the changes now.' }),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) setErrors({ form: err.message });
        else toastApiFailure(err, 'Storefront not saved', 'Please try again.');
      },
    });
  };

  const setDay = (i: number, patch: Partial<DayHours>) => setHours((h) => h.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  return (
    <Card className="mt-8 p-5 sm:p-6">
      <form onSubmit={onSubmit} aria-labelledby="storefront-heading" noValidate>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="storefront-heading" className="flex items-center gap-2 text-xl font-bold text-primary">
            <Store className="size-5" aria-hidden="true" />
            Your storefront
          </h2>
          <Link to={paths.dealer(s.slug)} className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
            View {paths.dealer(s.slug)}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        </div>
        {s.hidden ? (
          <p role="status" className="mt-3 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {STOREFRONT_TEXTS.hidden}
          </p>
        ) : null}
        <div className="mt-5 grid gap-5 lg:grid-cols-2">
          <div className="space-y-4">
            <LogoField
              id={ids.logo}
              companyName={s.companyName}
              logo={logo}
              uploading={uploading}
              onFile={(f) => void onLogo(f)}
              onRemove={() => setLogo({ key: null, thumbUrl: null })}
            />
            <div>
              <Label htmlFor={ids.about}>About your business</Label>
              <Textarea
                id={ids.about}
                value={about}
                onChange={(e) => setAbout(e.target.value)}
                rows={6}
                maxLength={STOREFRONT_LIMITS.aboutMax + 200}
                className="mt-1"
                aria-describedby={`${ids.about}-count`}
              />
              <p id={`${ids.about}-count`} className="mt-1 text-xs text-muted-foreground">
                Plain text, {about.length} of {STOREFRONT_LIMITS.aboutMax} characters
              </p>
              <FieldError id={`${ids.about}-error`} message={errors.about} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <Label htmlFor={ids.town}>Trading town</Label>
                <Input id={ids.town} value={town} onChange={(e) => setTown(e.target.value)} className="mt-1" />
                <FieldError id={`${ids.town}-error`} message={errors.town} />
              </div>
              <div>
                <Label htmlFor={ids.postcode}>Postcode</Label>
                <Input
                  id={ids.postcode}
                  value={postcode}
                  onChange={(e) => setPostcode(e.target.value)}
                  className="mt-1"
                  autoComplete="postal-code"
                />
                <p className="mt-1 text-xs text-muted-foreground">Buyers see the district only (e.g. LS11).</p>
                <FieldError id={`${ids.postcode}-error`} message={errors.postcode} />
              </div>
            </div>
          </div>
          <OpeningHoursFields hours={hours} error={errors.hours} onDay={setDay} />
        </div>
        {errors.form ? (
          <p role="alert" className="mt-4 text-sm text-destructive">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" className="mt-5" disabled={save.isPending || uploading}>
          {save.isPending ? 'Saving…' : 'Save storefront'}
        </Button>
      </form>
    </Card>
  );
}

/** A week of opening hours: each day closed, or open from and to. */
function OpeningHoursFields({
  hours,
  error,
  onDay,
}: {
  hours: DayHours[];
  error?: string;
  onDay: (i: number, patch: Partial<DayHours>) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">Opening hours</legend>
      <div className="mt-2 space-y-2">
        {hours.map((d, i) => (
          <div key={d.day} className="grid grid-cols-[6.5rem_auto_1fr_1fr] items-center gap-2 text-sm">
            <span>{WEEKDAY_LABELS[d.day]}</span>
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={d.closed}
                onChange={(e) => onDay(i, e.target.checked ? { closed: true } : { closed: false, open: '08:00', close: '17:30' })}
              />
              Closed
            </label>
            <Input
              type="time"
              aria-label={`${WEEKDAY_LABELS[d.day]} opens`}
              value={d.open ?? ''}
              disabled={d.closed}
              onChange={(e) => onDay(i, { open: e.target.value })}
            />
            <Input
              type="time"
              aria-label={`${WEEKDAY_LABELS[d.day]} closes`}
              value={d.close ?? ''}
              disabled={d.closed}
              onChange={(e) => onDay(i, { close: e.target.value })}
            />
          </div>
        ))}
      </div>
      <FieldError id="storefront-hours-error" message={error} />
    </fieldset>
  );
}

/** The logo: a preview, "Choose image" (uploaded like a listing photo) and Remove. */
function LogoField({
  id,
  companyName,
  logo,
  uploading,
  onFile,
  onRemove,
}: {
  id: string;
  companyName: string;
  logo: { key: string | null; thumbUrl: string | null };
  uploading: boolean;
  onFile: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex items-center gap-4">
      <DealerLogo
        storefront={{
          companyName,
          logo: logo.thumbUrl ? { url: logo.thumbUrl, thumbUrl: logo.thumbUrl, width: 96, height: 96 } : null,
        }}
        className="size-16"
      />
      <div>
        <Label htmlFor={id}>Logo</Label>
        <p className="text-xs text-muted-foreground">JPEG, PNG or WebP, as for listing photos.</p>
        <div className="mt-1 flex items-center gap-2">
          <label
            htmlFor={id}
            className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-md border border-border bg-card px-3 text-sm font-medium hover:bg-muted"
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            {uploading ? 'Uploading…' : 'Choose image'}
          </label>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {logo.key ? (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
