import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Page } from '@shared/schemas/admin';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { PagedList } from './shared';

/**
 * The list, form and confirm-delete parts the Content, Promotions and Media tabs share
 * (issue 25 §2): each tab supplies its fields and how a record reads; these do the rest.
 */

type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<Page<T>>>;

/** What deleting one record needs: the question asked first, the delete itself, and the toasts' texts. */
interface DeleteRecord<T> {
  question: (record: T) => string;
  run: (record: T) => Promise<unknown>;
  successText: string;
  failureText: string;
  pending?: boolean;
}

/** A Delete button that asks first (the browser's confirm), then deletes and toasts the outcome. */
export function ConfirmDeleteButton<T>({ record, remove }: { record: T; remove: DeleteRecord<T> }) {
  const onClick = async () => {
    if (!window.confirm(remove.question(record))) return;
    try {
      await remove.run(record);
      notifySuccess(remove.successText);
    } catch (err) {
      notifyFailure(remove.failureText, err);
    }
  };
  return (
    <Button size="sm" variant="destructive" onClick={() => void onClick()} disabled={remove.pending}>
      Delete
    </Button>
  );
}

/**
 * An admin form: its fields, then a submit button (disabled while saving, with `pendingLabel` if
 * given) and Cancel when `onCancel` is given. `onSubmit` saves and resolves to the success toast's
 * text, or to null when there was nothing to do (it has said why); a failure is toasted with
 * `failureText`. After a success `onDone` runs.
 */
export function RecordForm({
  label,
  className = 'space-y-3 rounded-md border p-4',
  submitLabel,
  pendingLabel,
  pending,
  failureText,
  onSubmit,
  onDone,
  onCancel,
  children,
}: {
  label?: string;
  className?: string;
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  failureText: string;
  onSubmit: () => Promise<string | null>;
  onDone?: () => void;
  onCancel?: () => void;
  children: ReactNode;
}) {
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const saved = await onSubmit();
      if (saved === null) return;
      notifySuccess(saved);
      onDone?.();
    } catch (err) {
      notifyFailure(failureText, err);
    }
  };
  return (
    <form onSubmit={submit} className={className} aria-label={label}>
      {children}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending && pendingLabel ? pendingLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * One paged admin list (loading, failure, empty and "Load more" from PagedList): `rows` is a
 * bordered list with the actions at the right, `cards` a grid of cards with the actions below.
 */
export function RecordList<T extends { id: string }>({
  query,
  failureText,
  emptyText,
  layout,
  itemTestId,
  renderItem,
  renderActions,
}: {
  query: PagedQuery<T>;
  failureText: string;
  emptyText: string;
  layout: 'rows' | 'cards';
  itemTestId: string;
  renderItem: (record: T) => ReactNode;
  renderActions?: (record: T) => ReactNode;
}) {
  return (
    <PagedList query={query} failureText={failureText} emptyText={emptyText}>
      {(items) =>
        layout === 'rows' ? (
          <ul className="divide-y rounded-md border">
            {items.map((r) => (
              <li key={r.id} className="flex flex-wrap items-start justify-between gap-2 p-3" data-testid={itemTestId}>
                <div className="min-w-0">{renderItem(r)}</div>
                {renderActions && <div className="flex gap-2">{renderActions(r)}</div>}
              </li>
            ))}
          </ul>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((r) => (
              <li key={r.id} className="space-y-2 rounded-md border p-3" data-testid={itemTestId}>
                {renderItem(r)}
                {renderActions && <div className="flex flex-wrap gap-2">{renderActions(r)}</div>}
              </li>
            ))}
          </ul>
        )
      }
    </PagedList>
  );
}

/**
 * Records staff create, edit and delete: a New button (beside `intro`), the form above the list
 * while creating or editing, and Edit and Delete on each row.
 */
export function EditableRecords<T extends { id: string }>({
  query,
  failureText,
  emptyText,
  itemTestId,
  intro,
  newLabel,
  renderForm,
  renderItem,
  remove,
}: {
  query: PagedQuery<T>;
  failureText: string;
  emptyText: string;
  itemTestId: string;
  intro?: ReactNode;
  newLabel: string;
  renderForm: (record: T | null, onDone: () => void) => ReactNode;
  renderItem: (record: T) => ReactNode;
  remove: DeleteRecord<T>;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return (
    <div className="space-y-4">
      <div className={intro ? 'flex justify-between' : 'flex justify-end'}>
        {intro}
        <Button onClick={() => setEditing('new')}>{newLabel}</Button>
      </div>
      {editing && renderForm(editing === 'new' ? null : editing, () => setEditing(null))}
      <RecordList
        query={query}
        failureText={failureText}
        emptyText={emptyText}
        layout="rows"
        itemTestId={itemTestId}
        renderItem={renderItem}
        renderActions={(r) => (
          <>
            <Button size="sm" variant="outline" onClick={() => setEditing(r)}>
              Edit
            </Button>
            <ConfirmDeleteButton record={r} remove={remove} />
          </>
        )}
      />
    </div>
  );
}
