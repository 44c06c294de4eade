import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label, Textarea } from '@/components/ui/input';
import type { PageContent } from '@shared/schemas/admin';
import { useContent, useDeleteContent, useSaveContent } from '../api/admin-api';
import { ADMIN_TEXTS } from '../lib/texts';
import { EditableRecords, RecordForm } from './record-admin';

/** Page-content sections by page slug: create, edit, delete (with confirmation). Plain text or Markdown. */
export function ContentTab() {
  const content = useContent();
  const remove = useDeleteContent();
  return (
    <EditableRecords<PageContent>
      query={content}
      failureText={ADMIN_TEXTS.loadContent}
      emptyText={ADMIN_TEXTS.empty.content}
      itemTestId="content-row"
      intro={
        <p className="text-sm text-muted-foreground">
          Plain text or Markdown; the public pages fall back to their built-in texts when a section is inactive or empty.
        </p>
      }
      newLabel="New section"
      renderForm={(section, onDone) => <ContentForm section={section} onDone={onDone} />}
      renderItem={(s) => (
        <>
          <p className="font-mono text-sm">
            {s.pageSlug} / {s.sectionKey}
          </p>
          {s.title && <p className="font-medium">{s.title}</p>}
          <p className="line-clamp-2 text-sm text-muted-foreground">{s.content}</p>
          <Badge variant={s.isActive ? 'success' : 'muted'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
        </>
      )}
      remove={{
        question: (s) => `Delete the section ${s.pageSlug} / ${s.sectionKey}?`,
        run: (s) => remove.mutateAsync(s.id),
        successText: ADMIN_TEXTS.content('deleted'),
        failureText: ADMIN_TEXTS.deleteContent,
      }}
    />
  );
}

function ContentForm({ section, onDone }: { section: PageContent | null; onDone: () => void }) {
  const save = useSaveContent();
  const [pageSlug, setPageSlug] = useState(section?.pageSlug ?? '');
  const [sectionKey, setSectionKey] = useState(section?.sectionKey ?? '');
  const [title, setTitle] = useState(section?.title ?? '');
  const [text, setText] = useState(section?.content ?? '');
  const [isActive, setActive] = useState(section?.isActive ?? true);
  return (
    <RecordForm
      label={section ? 'Edit section' : 'New section'}
      submitLabel="Save section"
      pending={save.isPending}
      failureText={ADMIN_TEXTS.saveContent}
      onSubmit={async () => {
        await save.mutateAsync({ id: section?.id, input: { pageSlug, sectionKey, title: title.trim() || null, content: text, isActive } });
        return ADMIN_TEXTS.content(section ? 'updated' : 'created');
      }}
      onDone={onDone}
      onCancel={onDone}
    >
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
    </RecordForm>
  );
}
