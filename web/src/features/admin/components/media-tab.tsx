import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { MEDIA_CATEGORIES, type MediaAsset, type MediaCategory, formatFileSize } from '@shared/schemas/admin';
import { useDeleteMedia, useMedia, useUpdateMedia, useUploadMedia } from '../api/admin-api';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { ADMIN_TEXTS } from '../lib/texts';
import { ConfirmDeleteButton, RecordForm, RecordList } from './record-admin';
import { FilterButtons, capitalise, formatDate } from './shared';

/** Media: upload images and videos (checked by their bytes on the server), filter, copy URL, alt text and tags, delete. */
export function MediaTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('category') ?? 'all';
  const category = (MEDIA_CATEGORIES as readonly string[]).includes(raw) ? (raw as MediaCategory) : 'all';
  const media = useMedia(category);
  return (
    <div className="space-y-4">
      <UploadForm />
      <FilterButtons
        label="Filter by category"
        options={[{ value: 'all', label: 'All' }, ...MEDIA_CATEGORIES.map((c) => ({ value: c, label: capitalise(c) }))]}
        value={category}
        onChange={(v) => setParams({ tab: 'media', category: v })}
      />
      <RecordList
        query={media}
        failureText={ADMIN_TEXTS.loadMedia}
        emptyText={ADMIN_TEXTS.empty.media}
        layout="cards"
        itemTestId="media-card"
        renderItem={(a) => <MediaCard asset={a} />}
      />
    </div>
  );
}

function UploadForm() {
  const [category, setCategory] = useState<MediaCategory>('banners');
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadMedia();
  return (
    <RecordForm
      className="flex flex-wrap items-end gap-3 rounded-md border p-3"
      submitLabel="Upload"
      pendingLabel="Uploading..."
      pending={upload.isPending}
      failureText={ADMIN_TEXTS.uploadFailed}
      onSubmit={async () => {
        const files = Array.from(fileInput.current?.files ?? []);
        if (files.length === 0) {
          toast({ title: ADMIN_TEXTS.needFile, variant: 'destructive' });
          return null;
        }
        const items = await upload.mutateAsync({ category, files });
        if (fileInput.current) fileInput.current.value = '';
        return ADMIN_TEXTS.uploaded(items.length);
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="media-category">Category</Label>
        <Select id="media-category" value={category} onChange={(e) => setCategory(e.target.value as MediaCategory)}>
          {MEDIA_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {capitalise(c)}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="media-files">Files (JPEG, PNG, WebP up to 5 MB; MP4, WebM up to 100 MB)</Label>
        <input
          id="media-files"
          ref={fileInput}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,video/mp4,video/webm"
          className="block text-sm file:mr-3 file:rounded-md file:border file:bg-card file:px-3 file:py-1.5"
        />
      </div>
    </RecordForm>
  );
}

/** A card's body: preview, details, alt text and tags, and its actions. */
function MediaCard({ asset }: { asset: MediaAsset }) {
  const update = useUpdateMedia();
  const remove = useDeleteMedia();
  const [alt, setAlt] = useState(asset.altText ?? '');
  const [tags, setTags] = useState(asset.tags.join(', '));
  const absolute = new URL(asset.url, window.location.origin).toString();
  const copy = async () => {
    await navigator.clipboard.writeText(absolute);
    toast({ title: ADMIN_TEXTS.urlCopied, variant: 'success' });
  };
  const save = async () => {
    try {
      await update.mutateAsync({
        id: asset.id,
        altText: alt.trim() || null,
        tags: tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      });
      notifySuccess('Asset updated successfully');
    } catch (err) {
      notifyFailure('Failed to update asset', err);
    }
  };
  return (
    <>
      {asset.mimeType.startsWith('video/') ? (
        // biome-ignore lint/a11y/useMediaCaption: a staff preview of an uploaded file; it has no captions to offer
        <video src={asset.url} controls className="aspect-video w-full rounded bg-black" preload="metadata" />
      ) : (
        <img src={asset.url} alt={asset.altText ?? ''} className="aspect-video w-full rounded object-contain bg-muted" loading="lazy" />
      )}
      <p className="truncate font-medium" title={asset.originalFilename}>
        {asset.originalFilename}
      </p>
      <p className="text-xs text-muted-foreground">
        {capitalise(asset.category)} · {formatFileSize(asset.fileSize)} · {formatDate(asset.createdAt)} · used {asset.usageCount}×
      </p>
      <Input aria-label="Alt text" placeholder="Alt text" value={alt} onChange={(e) => setAlt(e.target.value)} />
      <Input aria-label="Tags" placeholder="Tags, comma separated" value={tags} onChange={(e) => setTags(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          Copy URL
        </Button>
        <Button size="sm" variant="outline" onClick={() => void save()} disabled={update.isPending}>
          Save
        </Button>
        <ConfirmDeleteButton
          record={asset}
          remove={{
            question: (a) => `Delete ${a.originalFilename}?`,
            run: (a) => remove.mutateAsync(a.id),
            successText: ADMIN_TEXTS.assetDeleted,
            failureText: ADMIN_TEXTS.deleteAsset,
            pending: remove.isPending,
          }}
        />
      </div>
    </>
  );
}
