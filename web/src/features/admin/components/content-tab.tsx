import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Textarea } from '@/components/ui/input';
import type { PageContent } from '@shared/schemas/admin';
import { useContent, useDeleteContent, useSaveContent } from '../api/admin-api';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { ADMIN_TEXTS } from '../lib/texts';
import { PagedList } from './shared';

/** Page-content sections by page slug: create, edit, delete (with confirmation). Plain text or Markdown. */
export function ContentTab() {
  const content = useContent();
  const [editing, setEditing] = useState<PageContent | 'new' | null>(null);
  const remove = useDeleteContent();
  const onDelete = async (s: PageContent) => {
    if (!window.confirm(`Delete the section ${s.pageSlug} / ${s.sectionKey}?`)) return;
    try {
      await remove.mutateAsync(s.id);
      notifySuccess(ADMIN_TEXTS.content('deleted'));
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.deleteContent, err);
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex justify-between">
        <p className="text-sm text-muted-foreground">
          Plain text or Markdown; the public pages fall back to their built-in texts when a section is inactive or empty.
        </p>
        <Button onClick={() => setEditing('new')}>New section</Button>
      </div>
      {editing && <ContentForm section={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      <PagedList query={content} failureText={ADMIN_TEXTS.loadContent} emptyText={ADMIN_TEXTS.empty.content}>
        {(items) => (
          <ul className="divide-y rounded-md border">
            {items.map((s) => (
              <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 p-3" data-testid="content-row">
                <div className="min-w-0">
                  <p className="font-mono text-sm">
                    {s.pageSlug} / {s.sectionKey}
                  </p>
                  {s.title && <p className="font-medium">{s.title}</p>}
                  <p className="line-clamp-2 text-sm text-muted-foreground">{s.content}</p>
                  <Badge variant={s.isActive ? 'success' : 'muted'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(s)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => void onDelete(s)}>
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

function ContentForm({ section, onDone }: { section: PageContent | null; onDone: () => void }) {
  const save = useSaveContent();
  const [pageSlug, setPageSlug] = useState(section?.pageSlug ?? '');
  const [sectionKey, setSectionKey] = useState(section?.sectionKey ?? '');
  const [title, setTitle] = useState(section?.title ?? '');
  const [text, setText] = useState(section?.content ?? '');
  const [isActive, setActive] = useState(section?.isActive ?? true);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ id: section?.id, input: { pageSlug, sectionKey, title: title.trim() || null, content: text, isActive } });
      notifySuccess(ADMIN_TEXTS.content(section ? 'updated' : 'created'));
      onDone();
    } catch (err) {
      notifyFailure(ADMIN_TEXTS.saveContent, err);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border p-4" aria-label={section ? 'Edit section' : 'New section'}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="cs-slug">Page slug</Label>
          <Input id="cs-slug" value={pageSlug} onChange={(e) => setPageSlug(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="cs-key">Section key</Label>
          <Input id="cs-key" value={sectionKey} onChange={(e) => setSectionKey(e.target.value)} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="cs-title">Title</Label>
        <Input id="cs-title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="cs-content">Content</Label>
        <Textarea id="cs-content" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="flex items-center gap-2 text-sm">
        <Checkbox id="cs-active" checked={isActive} onChange={(e) => setActive(e.target.checked)} />
        <Label htmlFor="cs-active">Active</Label>
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save section
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
