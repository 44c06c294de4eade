import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  EMPTY_FINANCE_SETTINGS,
  type FinanceSettings,
  type FinanceSettingsFormInput,
  type StoredFinanceSettings,
  financeSettingsFormSchema,
  publicFinanceSettings,
} from '@shared/schemas/finance';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { useAdminFinanceSettings, useSaveFinanceSettings } from '../api/admin-finance-settings';
import { representativeExampleText } from '@/components/finance/finance-notice';

type Path =
  | 'defaultAprPercent'
  | 'defaultTermMonths'
  | 'defaultDepositPercent'
  | 'representativeExample.cashPricePounds'
  | 'representativeExample.depositPounds'
  | 'representativeExample.termMonths'
  | 'representativeExample.aprPercent'
  | 'representativeExample.balloonPounds';

/** Admin › Finance settings (issue 26 §3): the calculator's defaults, the representative example and the FCA number. */
export function FinanceSettingsTab() {
  const current = useAdminFinanceSettings();
  if (current.isPending) return <Spinner label="Loading finance settings..." />;
  if (current.isError) return <p className="text-sm text-destructive">Failed to load finance settings</p>;
  return <FinanceSettingsForm current={current.data} />;
}

function FinanceSettingsForm({ current }: { current: StoredFinanceSettings }) {
  const save = useSaveFinanceSettings();
  const example = current.representativeExample ?? {
    cashPricePounds: 50_000,
    depositPounds: 5_000,
    termMonths: EMPTY_FINANCE_SETTINGS.defaultTermMonths,
    aprPercent: EMPTY_FINANCE_SETTINGS.defaultAprPercent,
    balloonPounds: 0,
  };
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FinanceSettingsFormInput, unknown, FinanceSettings>({
    resolver: zodResolver(financeSettingsFormSchema),
    defaultValues: {
      defaultAprPercent: current.defaultAprPercent,
      defaultTermMonths: current.defaultTermMonths,
      defaultDepositPercent: current.defaultDepositPercent,
      representativeExample: example,
      fcaNumber: current.fcaNumber ?? '',
      demo: current.demo,
    },
  });
  const live = publicFinanceSettings(current);

  const onSubmit = async (values: FinanceSettings) => {
    try {
      await save.mutateAsync(values);
      toast({ title: 'Success', description: 'Finance settings saved successfully', variant: 'success' });
    } catch (err) {
      toast({
        title: 'Failed to save finance settings',
        description: err instanceof ApiError ? err.message : undefined,
        variant: 'destructive',
      });
    }
  };

  const errorOf = (path: Path): string | undefined => {
    const [a, b] = path.split('.') as [keyof typeof errors, string | undefined];
    const e = errors[a] as Record<string, { message?: string }> & { message?: string };
    return b ? e?.[b]?.message : e?.message;
  };
  const numberField = (path: Path, label: string, step = 'any') => {
    const id = `fin-${path.replace('.', '-')}`;
    const error = errorOf(path);
    return (
      <div className="space-y-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="number"
          step={step}
          {...register(path, { valueAsNumber: true })}
          {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="max-w-3xl space-y-6" aria-label="Finance settings">
      <p className="text-sm text-muted-foreground">
        The listing page's calculator and the cards' monthly figure show only while the FCA number and the representative example are set.{' '}
        <strong data-testid="finance-status">
          {live ? 'Finance is showing on the site.' : 'Finance is off: nothing shows on the site.'}
        </strong>
      </p>
      <fieldset className="space-y-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">Calculator defaults</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {numberField('defaultAprPercent', 'Default APR (%)')}
          {numberField('defaultTermMonths', 'Default term (months, 24–60)', '1')}
          {numberField('defaultDepositPercent', 'Default deposit (%)')}
        </div>
      </fieldset>
      <fieldset className="space-y-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">Representative example (hire purchase)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {numberField('representativeExample.cashPricePounds', 'Cash price (£)', '1')}
          {numberField('representativeExample.depositPounds', 'Deposit (£)', '1')}
          {numberField('representativeExample.termMonths', 'Term (months)', '1')}
          {numberField('representativeExample.aprPercent', 'Representative APR (%)')}
          {numberField('representativeExample.balloonPounds', 'Balloon (£, 0 for none)', '1')}
        </div>
        {live ? <p className="text-xs text-muted-foreground">Now shown as: {representativeExampleText(live)}</p> : null}
      </fieldset>
      <fieldset className="space-y-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">Firm</legend>
        <div className="space-y-1.5 sm:max-w-xs">
          <Label htmlFor="fin-fca">FCA registration number (empty: finance off)</Label>
          <Input
            id="fin-fca"
            inputMode="numeric"
            {...register('fcaNumber')}
            {...(errors.fcaNumber ? { 'aria-invalid': true as const, 'aria-describedby': 'fin-fca-error' } : {})}
          />
          <FieldError id="fin-fca-error" message={errors.fcaNumber?.message} />
        </div>
        <div className="flex items-center gap-2 text-sm">
          <Checkbox id="fin-demo" {...register('demo')} />
          <Label htmlFor="fin-demo">Demo values (the site marks them "demo")</Label>
        </div>
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          Save finance settings
        </Button>
        {current.updatedAt ? (
          <span className="text-xs text-muted-foreground">Last saved {new Date(current.updatedAt).toLocaleString('en-GB')}</span>
        ) : null}
      </div>
    </form>
  );
}
