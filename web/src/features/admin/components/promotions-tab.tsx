import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { PROMOTION_POSITIONS, type Promotion, type PromotionPosition, isPromotionEffective } from '@shared/schemas/admin';
import { useDeletePromotion, usePromotions, useSavePromotion } from '../api/admin-api';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { ADMIN_TEXTS } from '../lib/texts';
import { PagedList, capitalise } from './shared';

/** Promotions: create, edit, delete; 'Inactive' unless effectively active (flag on, dates in range, UK days, end day inclusive). */
export function PromotionsTab() {
  const promotions = usePromotions();
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const remove = useDeletePromotion();
  const onDelete = async (p: Promotion) => {
    if (!window.confirm(`Delete the promotion "${p.title}"?`)) return;
    try {
      await remove.mutateAsync(p.id);
      notifySuccess(ADMIN_TEXTS.promotion('deleted'));
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.deletePromotion, err);
    }
  };
  const now = new Date();
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>New promotion</Button>
      </div>
      {editing && <PromotionForm promotion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <PagedList query={promotions} failureText={ADMIN_TEXTS.loadPromotions} emptyText={ADMIN_TEXTS.empty.promotions}>
        {(items) => (
          <ul className="divide-y rounded-md border">
            {items.map((p) => (
              <li key={p.id} className="flex flex-wrap items-start justify-between gap-2 p-3" data-testid="promotion-row">
                <div>
                  <p className="font-medium">{p.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {capitalise(p.position)} · {p.startDate ?? 'no start'} – {p.endDate ?? 'no end'}
                  </p>
                  {isPromotionEffective(p, now) ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>}
                </div>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(p)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => void onDelete(p)}>
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function PromotionForm({ promotion, onDone }: { promotion: Promotion | null; onDone: () => void }) {
  const save = useSavePromotion();
  const [v, setV] = useState({
    title: promotion?.title ?? '',
    content: promotion?.content ?? '',
    imageUrl: promotion?.imageUrl ?? '',
    linkUrl: promotion?.linkUrl ?? '',
    position: promotion?.position ?? ('hero' as PromotionPosition),
    isActive: promotion?.isActive ?? true,
    startDate: promotion?.startDate ?? '',
    endDate: promotion?.endDate ?? '',
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ id: promotion?.id, input: v });
      notifySuccess(ADMIN_TEXTS.promotion(promotion ? 'updated' : 'created'));
      onDone();
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.savePromotion, err);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border p-4" aria-label={promotion ? 'Edit promotion' : 'New promotion'}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="pr-title">Title</Label>
          <Input id="pr-title" value={v.title} onChange={set('title')} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="pr-position">Position</Label>
          <Select id="pr-position" value={v.position} onChange={set('position')}>
            {PROMOTION_POSITIONS.map((p) => (
              <option key={p} value={p}>
                {capitalise(p)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="pr-content">Content</Label>
        <Textarea id="pr-content" rows={3} value={v.content} onChange={set('content')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="pr-image">Image URL (copy one from Media)</Label>
          <Input id="pr-image" value={v.imageUrl} onChange={set('imageUrl')} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="pr-link">Link (http:// or https://)</Label>
          <Input id="pr-link" value={v.linkUrl} onChange={set('linkUrl')} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="pr-start">Start date (UK)</Label>
          <Input id="pr-start" type="date" value={v.startDate} onChange={set('startDate')} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="pr-end">End date (UK, inclusive)</Label>
          <Input id="pr-end" type="date" value={v.endDate} onChange={set('endDate')} />
        </div>
      </div>
      <div className="flex items-center gap-2 text-sm">
        <Checkbox id="pr-active" checked={v.isActive} onChange={(e) => setV({ ...v, isActive: e.target.checked })} />
        <Label htmlFor="pr-active">Active</Label>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save promotion
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
