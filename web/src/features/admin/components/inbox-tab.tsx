import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Select, Textarea } from '@/components/ui/input';
import { INBOX_STATUSES, type InboxItem, type InboxKind, type InboxStatus } from '@shared/schemas/admin';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type UpdateEquipmentOrderInput,
} from '@shared/schemas/equipment';
import { useInbox, useUpdateEquipmentOrder, useUpdateInboxItem } from '../api/admin-api';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { FailedEmailsSection } from './failed-emails-section';
import { FilterButtons, PagedList, capitalise, formatDate } from './shared';

const KINDS: ReadonlyArray<{ value: InboxKind; label: string }> = [
  { value: 'contacts', label: 'Contact messages' },
  { value: 'valuations', label: 'Valuation requests' },
  { value: 'orders', label: 'Equipment orders' },
];

/**
 * Inbox (beyond the spec): contact messages, valuation requests and paid equipment orders, newest
 * first, with status, assignee and note; valuation photos through 5-minute signed URLs; e-mails
 * that failed to send, with a retry (FailedEmailsSection).
 */
export function InboxTab() {
  const [kind, setKind] = useState<InboxKind>('contacts');
  const inbox = useInbox(kind);
  return (
    <div className="space-y-4">
      <FailedEmailsSection />
      <FilterButtons label="Inbox" options={KINDS} value={kind} onChange={setKind} />
      <PagedList
        query={inbox}
        failureText="Failed to load messages"
        emptyText="Nothing here yet. Contact-form messages, valuation requests and equipment orders arrive here."
      >
        {(items) => (
          <ul className="space-y-3">
            {items.map((m) => (
              <InboxRow key={`${m.kind}-${m.id}`} item={m} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function InboxRow({ item }: { item: InboxItem }) {
  const update = useUpdateInboxItem();
  const [open, setOpen] = useState(false);
  const [assignee, setAssignee] = useState(item.assignee ?? '');
  const [note, setNote] = useState(item.note ?? '');
  const save = async (changes: { status?: InboxStatus; assignee?: string | null; note?: string | null }) => {
    try {
      await update.mutateAsync({ kind: item.kind, id: item.id, ...changes });
      notifySuccess('Message updated successfully');
    } catch (err) {
      notifyFailure('Failed to update message', err);
    }
  };
  return (
    <li className="rounded-md border p-3" data-testid="inbox-row">
      <button type="button" className="w-full text-left" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <div className="flex flex-wrap items-center gap-2">
          {item.priority && <Badge variant="accent">Priority</Badge>}
          <Badge variant={item.status === 'done' ? 'success' : item.status === 'new' ? 'default' : 'muted'}>
            {capitalise(item.status)}
          </Badge>
          <span className="font-medium">{item.subject}</span>
        </div>
        <p className="text-sm text-muted-foreground">
          {item.from} &lt;{item.email}&gt; · {formatDate(item.createdAt)}
          {item.assignee && ` · ${item.assignee}`}
        </p>
      </button>
      {open && (
        <div className="mt-3 space-y-3">
          {item.body && <p className="whitespace-pre-wrap text-sm">{item.body}</p>}
          <dl className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-4">
            {Object.entries(item.details)
              .filter(([, v]) => v !== null && v !== undefined && v !== '')
              .map(([k, v]) => (
                <div key={k}>
                  <dt className="text-muted-foreground">{capitalise(k)}</dt>
                  <dd>{String(v)}</dd>
                </div>
              ))}
          </dl>
          {item.photos.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Valuation photos">
              {item.photos.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <PrivatePhoto url={url} alt={`${item.subject}, view ${i + 1}`} />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`st-${item.id}`}>
              Status
            </label>
            <Select
              id={`st-${item.id}`}
              value={item.status}
              onChange={(e) => void save({ status: e.target.value as InboxStatus })}
              className="h-9 w-40"
            >
              {INBOX_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {capitalise(s)}
                </option>
              ))}
            </Select>
            <Input
              aria-label="Assignee"
              placeholder="Assignee"
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
              className="h-9 w-48"
            />
          </div>
          {item.kind === 'orders' ? <OrderActions item={item} /> : null}
          <Textarea aria-label="Note" placeholder="Note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          <Button
            size="sm"
            onClick={() => void save({ assignee: assignee.trim() || null, note: note.trim() || null })}
            disabled={update.isPending}
          >
            Save
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * An equipment order's status (issue 24 §3): Paid → Dispatched (optional carrier and tracking
 * reference; the buyer is e-mailed) → Delivered, or Cancelled (before dispatch) / Refunded (after),
 * both refunding the payment through Stripe. Audited on the server.
 */
function OrderActions({ item }: { item: InboxItem }) {
  const update = useUpdateEquipmentOrder();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const status = (ORDER_STATUSES as readonly string[]).includes(String(item.details.orderStatus))
    ? (item.details.orderStatus as OrderStatus)
    : 'paid';
  const next = ORDER_TRANSITIONS[status];
  const move = async (input: UpdateEquipmentOrderInput) => {
    if (
      (input.status === 'cancelled' || input.status === 'refunded') &&
      !window.confirm(`Refund ${String(item.details.paid)} to the buyer?`)
    )
      return;
    try {
      await update.mutateAsync({ id: item.id, ...input });
      notifySuccess(`Order marked ${ORDER_STATUS_LABELS[input.status].toLowerCase()}`);
    } catch (err) {
      notifyFailure('Failed to update order', err);
    }
  };
  if (!next.length)
    return <p className="text-sm text-muted-foreground">Order {ORDER_STATUS_LABELS[status].toLowerCase()}: nothing more to do.</p>;
  return (
    <fieldset className="space-y-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Order status: {ORDER_STATUS_LABELS[status]}</legend>
      {next.includes('dispatched') && (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            aria-label="Carrier"
            placeholder="Carrier (optional)"
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            className="h-9 w-44"
          />
          <Input
            aria-label="Tracking reference"
            placeholder="Tracking reference (optional)"
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            className="h-9 w-56"
          />
          <Button
            size="sm"
            disabled={update.isPending}
            onClick={() => void move({ status: 'dispatched', carrier, trackingReference: tracking })}
          >
            Mark dispatched
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {next.includes('delivered') && (
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => void move({ status: 'delivered' })}>
            Mark delivered
          </Button>
        )}
        {next.includes('cancelled') && (
          <Button size="sm" variant="destructive" disabled={update.isPending} onClick={() => void move({ status: 'cancelled' })}>
            Cancel and refund
          </Button>
        )}
        {next.includes('refunded') && (
          <Button size="sm" variant="destructive" disabled={update.isPending} onClick={() => void move({ status: 'refunded' })}>
            Refund
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/**
 * A photo from the private bucket's 5-minute signed URL. The page's CSP allows images only from
 * the site itself (and blob:), while connect-src allows the upload bucket: so the bytes are
 * fetched (CORS GET) and shown from a blob URL.
 */
function PrivatePhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(url)
      .then((res) => {
        if (!res.ok) throw new Error(`${res.status}`);
        return res.blob();
      })
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <span className="flex h-24 w-32 items-center justify-center rounded bg-muted text-xs">Photo unavailable</span>;
  if (!src) return <span className="block h-24 w-32 animate-pulse rounded bg-muted" />;
  return <img src={src} alt={alt} className="h-24 w-32 rounded object-cover" data-testid="inbox-photo" />;
}
