import { Search } from 'lucide-react';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormField, invalidProps } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { REGISTRATION_TEXTS } from '@shared/registration';
import type { ListingFormValues } from './listing-form-values';

/** What the look-up said, shown under the field (filled fields, or why nothing was filled). */
export interface LookupNotice {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The registration box (issue 27 §1), with "Find my truck" beside it on the sell form (§2) and the
 * seller's choice to show the whole mark to visitors who are not signed in.
 */
export function RegistrationField({
  disabled,
  onFind,
  finding = false,
  notice,
}: {
  disabled: boolean;
  /** The sell form's DVLA look-up; without it the field stands alone (edit form). */
  onFind?: () => void;
  finding?: boolean;
  notice?: LookupNotice | null;
}) {
  const base = useId();
  const id = `${base}-registration`;
  const showId = `${base}-show-registration`;
  const noticeId = `${base}-lookup-notice`;
  const {
    register,
    formState: { errors },
  } = useFormContext<ListingFormValues>();
  const error = errors.registration?.message as string | undefined;
  return (
    <div className="flex flex-col gap-3 sm:col-span-2 lg:col-span-3">
      <FormField id={id} label={REGISTRATION_TEXTS.label} error={error} hint="So buyers can see the truck's annual-test history.">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            placeholder="e.g. AB12 CDE"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase sm:max-w-48"
            disabled={disabled}
            {...invalidProps(id, error)}
            {...register('registration')}
          />
          {onFind ? (
            <Button
              variant="outline"
              onClick={onFind}
              disabled={disabled || finding}
              aria-describedby={notice ? noticeId : undefined}
              className="sm:w-auto"
            >
              {finding ? <Spinner /> : <Search aria-hidden="true" />}
              {finding ? 'Finding…' : 'Find my truck'}
            </Button>
          ) : null}
        </div>
      </FormField>
      {notice ? (
        <p
          id={noticeId}
          role="status"
          className={cn('text-sm', notice.tone === 'error' ? 'text-destructive' : 'text-emerald-800 dark:text-emerald-300')}
        >
          {notice.text}
        </p>
      ) : null}
      <div className="flex items-start gap-2">
        <Checkbox
          id={showId}
          className="mt-0.5"
          disabled={disabled}
          aria-describedby={`${showId}-hint`}
          {...register('showFullRegistration')}
        />
        <div>
          <Label htmlFor={showId}>{REGISTRATION_TEXTS.showFull}</Label>
          <p id={`${showId}-hint`} className="text-xs text-muted-foreground">
            {REGISTRATION_TEXTS.showFullHint}
          </p>
        </div>
      </div>
    </div>
  );
}
