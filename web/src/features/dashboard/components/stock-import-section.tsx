import { CheckCircle2, FileUp, Link2, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { LIMIT_TEXTS } from '@shared/limits';
import {
  IMPORT_FILE_MAX_BYTES,
  type ImportPreviewRow,
  importFileTooLargeMessage,
  type StockImportView,
} from '@shared/schemas/stock-import';
import { StockFileUploadError, useApplyStockImport, usePreviewStockImport, useStockImport } from '../api/stock-import';

/** Rows shown in the preview table; rejected rows come first. */
const PREVIEW_ROWS = 100;

const ACTION_TEXT: Record<ImportPreviewRow['action'], { label: string; variant: 'success' | 'accent' | 'muted' | 'destructive' }> = {
  create: { label: 'New', variant: 'success' },
  update: { label: 'Updated', variant: 'accent' },
  unchanged: { label: 'Unchanged', variant: 'muted' },
  reject: { label: 'Rejected', variant: 'destructive' },
};

/**
 * Dealer dashboard: import stock from a CSV file or a feed URL, with a dry run before anything is
 * saved. Only approved dealers import (issue 23); others see why, and apply above.
 */
export function StockImportSection({ approved, loading }: { approved: boolean; loading: boolean }) {
  const ids = useId();
  if (loading) return null;
  if (!approved) {
    return (
      <section aria-labelledby={`${ids}-heading`} className="mt-10">
        <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-2xl font-bold text-foreground">
          <FileUp className="size-6" aria-hidden="true" />
          Import stock
        </h2>
        <Card className="mt-4 p-5 sm:p-6">
          <p className="text-sm text-muted-foreground">{LIMIT_TEXTS.importForApprovedDealers}</p>
        </Card>
      </section>
    );
  }
  return <StockImportForm ids={ids} />;
}

function StockImportForm({ ids }: { ids: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [feedUrl, setFeedUrl] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [markMissingSold, setMarkMissingSold] = useState(false);
  const [appliedId, setAppliedId] = useState<string | null>(null);
  const preview = usePreviewStockImport();
  const apply = useApplyStockImport();
  const status = useStockImport(appliedId);

  const onPreview = (e: FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    setAppliedId(null);
    apply.reset();
    if (file) {
      if (file.size > IMPORT_FILE_MAX_BYTES) {
        setLocalError(importFileTooLargeMessage(file.size));
        return;
      }
      preview.mutate({ file });
    } else if (feedUrl.trim()) preview.mutate({ feedUrl: feedUrl.trim() });
    else setLocalError('Choose a CSV file or enter a feed URL.');
  };

  const plan = preview.data;
  const toWrite = plan ? plan.summary.create + plan.summary.update : 0;
  const error =
    localError ??
    (preview.error instanceof ApiError || preview.error instanceof StockFileUploadError
      ? preview.error.message
      : preview.error
        ? 'The import could not be previewed. Please try again.'
        : null);

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-10">
      <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-2xl font-bold text-foreground">
        <FileUp className="size-6" aria-hidden="true" />
        Import stock
      </h2>
      <Card className="mt-4 p-5 sm:p-6">
        <p className="text-sm text-muted-foreground">
          Upload a CSV of your stock — our template, or the export from your dealer system — or the address of a stock feed. You see every
          row before anything is saved; rows match your listings by stock reference, so importing again updates instead of duplicating.{' '}
          <a href="/stock-import-template.csv" download className="font-medium text-primary underline-offset-4 hover:underline">
            Download the template
          </a>
          .
        </p>
        <form onSubmit={onPreview} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-file`}>CSV file (up to {IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB)</Label>
            <Input
              id={`${ids}-file`}
              type="file"
              accept=".csv,text/csv"
              className="h-auto py-2"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                if (e.target.files?.[0]) setFeedUrl('');
              }}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${ids}-feed`} className="flex items-center gap-1">
              <Link2 className="size-4" aria-hidden="true" /> or a feed URL
            </Label>
            <Input
              id={`${ids}-feed`}
              type="url"
              inputMode="url"
              placeholder="https://yourdealer.co.uk/stock.csv"
              value={feedUrl}
              disabled={Boolean(file)}
              onChange={(e) => setFeedUrl(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={preview.isPending}>
            {preview.isPending ? <Spinner /> : null}
            Preview import
          </Button>
        </form>
        {error ? (
          <p
            role="alert"
            className="mt-4 flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
        ) : null}

        {plan && !appliedId ? (
          <ImportPreview
            plan={plan}
            markMissingSold={markMissingSold}
            onMarkMissingSold={setMarkMissingSold}
            toWrite={toWrite}
            applying={apply.isPending}
            applyError={apply.error instanceof ApiError ? apply.error.message : apply.error ? 'The import could not be started.' : null}
            onApply={() =>
              apply.mutate(
                { id: plan.id, markMissingSold },
                {
                  onSuccess: (v) => setAppliedId(v.id),
                },
              )
            }
          />
        ) : null}

        {appliedId ? <ImportProgress view={status.data} /> : null}
      </Card>
    </section>
  );
}

function ImportPreview(props: {
  plan: StockImportView;
  markMissingSold: boolean;
  onMarkMissingSold: (v: boolean) => void;
  toWrite: number;
  applying: boolean;
  applyError: string | null;
  onApply: () => void;
}) {
  const { plan } = props;
  const rows = [...(plan.rows ?? [])].sort((a, b) => Number(b.action === 'reject') - Number(a.action === 'reject') || a.line - b.line);
  const missing = plan.missing ?? [];
  return (
    <div className="mt-6" aria-live="polite">
      <h3 className="font-semibold">Preview{plan.fileName ? ` of ${plan.fileName}` : ''} — nothing has been saved yet</h3>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Import summary">
        <li>
          <Badge variant="success">{plan.summary.create} new</Badge>
        </li>
        <li>
          <Badge variant="accent">{plan.summary.update} updated</Badge>
        </li>
        <li>
          <Badge variant="muted">{plan.summary.unchanged} unchanged</Badge>
        </li>
        <li>
          <Badge variant="destructive">{plan.summary.reject} rejected</Badge>
        </li>
      </ul>
      {plan.ignoredColumns?.length ? (
        <p className="mt-2 text-sm text-muted-foreground">Columns we don't use were ignored: {plan.ignoredColumns.join(', ')}.</p>
      ) : null}
      <div className="mt-4 max-h-96 overflow-auto rounded-md border border-border">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="sticky top-0 bg-muted text-xs uppercase text-muted-foreground">
            <tr>
              <th className="px-3 py-2">Line</th>
              <th className="px-3 py-2">Stock ref</th>
              <th className="px-3 py-2">Truck</th>
              <th className="px-3 py-2">Result</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, PREVIEW_ROWS).map((r) => (
              <tr key={r.line} className="border-t border-border align-top">
                <td className="px-3 py-2 tabular-nums">{r.line}</td>
                <td className="break-all px-3 py-2 font-mono text-xs">{r.stockRef || '—'}</td>
                <td className="px-3 py-2">
                  {r.title ?? '—'}
                  {r.price !== null ? <span className="block text-muted-foreground">{formatPrice(r.price)}</span> : null}
                </td>
                <td className="px-3 py-2">
                  <Badge variant={ACTION_TEXT[r.action].variant}>{ACTION_TEXT[r.action].label}</Badge>
                  {r.changes?.length ? <span className="block text-xs text-muted-foreground">Changes: {r.changes.join(', ')}</span> : null}
                  {r.errors?.length ? (
                    <ul className="mt-1 list-disc pl-4 text-xs text-destructive">
                      {r.errors.map((e) => (
                        <li key={`${e.field}:${e.message}`} className="break-words">
                          {e.field}: {e.message}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > PREVIEW_ROWS ? (
        <p className="mt-2 text-sm text-muted-foreground">and {rows.length - PREVIEW_ROWS} more rows.</p>
      ) : null}
      {missing.length ? (
        <label htmlFor={`${plan.id}-mark-sold`} className="mt-4 flex items-start gap-2 text-sm">
          <Checkbox
            id={`${plan.id}-mark-sold`}
            checked={props.markMissingSold}
            onChange={(e) => props.onMarkMissingSold(e.target.checked)}
            className="mt-0.5"
          />
          <span>
            This file is my full stock: mark my {missing.length} listing{missing.length === 1 ? '' : 's'} not in it as sold (
            {missing
              .slice(0, 5)
              .map((m) => m.stockRef)
              .join(', ')}
            {missing.length > 5 ? '…' : ''}).
          </span>
        </label>
      ) : null}
      {props.applyError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {props.applyError}
        </p>
      ) : null}
      <Button
        variant="accent"
        className="mt-4"
        disabled={props.applying || (props.toWrite === 0 && !(props.markMissingSold && missing.length))}
        onClick={props.onApply}
      >
        {props.applying ? <Spinner /> : null}
        Import {props.toWrite} truck{props.toWrite === 1 ? '' : 's'}
      </Button>
    </div>
  );
}

function ImportProgress({ view }: { view: StockImportView | undefined }) {
  if (!view || view.status === 'queued' || view.status === 'running') {
    return (
      <p className="mt-6 flex items-center gap-2 text-sm" role="status">
        <Spinner /> Importing your stock… you can leave this page; it carries on.
      </p>
    );
  }
  if (view.status === 'failed') {
    return (
      <p role="alert" className="mt-6 text-sm text-destructive">
        The import could not be completed. Please check the file and try again.
      </p>
    );
  }
  const r = view.report;
  return (
    <div className="mt-6" role="status">
      <p className="flex items-center gap-2 font-semibold text-success">
        <CheckCircle2 className="size-5" aria-hidden="true" />
        Import finished: {r?.created ?? 0} created, {r?.updated ?? 0} updated, {r?.markedSold ?? 0} marked sold.
      </p>
      {view.review === 'pending' || view.review === 'approving' ? (
        <p className="mt-2 text-sm">
          This is your first import: TruckYard staff review it before its listings go live. Until then they show as Pending.
        </p>
      ) : null}
      {r?.failures.length ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-destructive">
          {r.failures.map((f) => (
            <li key={`${f.line}-${f.stockRef}`}>
              Line {f.line} ({f.stockRef}): {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {r?.photoFailures.length ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">{r.photoFailures.length} photos could not be used</summary>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {r.photoFailures.map((f) => (
              <li key={`${f.line}-${f.url}`} className="break-all">
                {f.stockRef}: {f.url} — {f.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
