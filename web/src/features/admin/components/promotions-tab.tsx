import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { PROMOTION_POSITIONS, type Promotion, type PromotionPosition, isPromotionEffective } from '@shared/schemas/admin';
import { useDeletePromotion, usePromotions, useSavePromotion } from '../api/admin-api';
import { ADMIN_TEXTS } from '../lib/texts';
import { EditableRecords, RecordForm } from './record-admin';
import { capitalise } from './shared';

/** Promotions: create, edit, delete; 'Inactive' unless effectively active (flag on, dates in range, UK days, end day inclusive). */
export function PromotionsTab() {
  const promotions = usePromotions();
  const remove = useDeletePromotion();
  const now = new Date();
  return (
    <EditableRecords<Promotion>
      query={promotions}
      failureText={ADMIN_TEXTS.loadPromotions}
      emptyText={ADMIN_TEXTS.empty.promotions}
      itemTestId="promotion-row"
      newLabel="New promotion"
      renderForm={(promotion, onDone) => <PromotionForm promotion={promotion} onDone={onDone} />}
      renderItem={(p) => (
        <>
          <p className="font-medium">{p.title}</p>
          <p className="text-sm text-muted-foreground">
            {capitalise(p.position)} · {p.startDate ?? 'no start'} – {p.endDate ?? 'no end'}
          </p>
          {isPromotionEffective(p, now) ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Inactive</Badge>}
        </>
      )}
      remove={{
        question: (p) => `Delete the promotion "${p.title}"?`,
        run: (p) => remove.mutateAsync(p.id),
        successText: ADMIN_TEXTS.promotion('deleted'),
        failureText: ADMIN_TEXTS.deletePromotion,
      }}
    />
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
  return (
    <RecordForm
      label={promotion ? 'Edit promotion' : 'New promotion'}
      submitLabel="Save promotion"
      pending={save.isPending}
      failureText={ADMIN_TEXTS.savePromotion}
      onSubmit={async () => {
        await save.mutateAsync({ id: promotion?.id, input: v });
        return ADMIN_TEXTS.promotion(promotion ? 'updated' : 'created');
      }}
      onDone={onDone}
      onCancel={onDone}
    >
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
    </RecordForm>
  );
}
