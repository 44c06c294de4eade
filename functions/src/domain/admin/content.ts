import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { Page, PageContent, PageContentInput } from '../../../../shared/schemas/admin.js';
import { ADMIN_PAGE_SIZE, pageContentInputSchema } from '../../../../shared/schemas/admin.js';
import { siteRelativeUrlsIn } from '../../../../shared/media-url.js';
import { DomainError, notFound } from '../errors.js';
import { auditEntry } from './audit-entry.js';
import type { AuditLog, ContentStore, Staff } from './ports.js';

export interface ContentDeps {
  content: ContentStore;
  audit: AuditLog;
  now: () => Date;
  newId: () => string;
  /** The site's origin (SITE_URL): URLs on it inside the text are stored site-relative (shared/media-url.ts). */
  siteOrigin: string | null;
}

const CONTENT_NOT_FOUND = 'Content section not found';

export function listContent(deps: Pick<ContentDeps, 'content'>, cursor?: string): Promise<Page<PageContent>> {
  return deps.content.list(cursor, ADMIN_PAGE_SIZE);
}

/** The change's audit entry, written by the store in the change's own transaction. */
const audited = (staff: Staff, action: 'create' | 'update' | 'delete', s: PageContent) =>
  auditEntry(staff, action, 'content', s.id, { pageSlug: s.pageSlug, sectionKey: s.sectionKey, title: s.title, isActive: s.isActive });

async function assertSlotFree(deps: ContentDeps, pageSlug: string, sectionKey: string, exceptId?: string) {
  const taken = await deps.content.findBySlot(pageSlug, sectionKey);
  if (taken && taken.id !== exceptId) throw new DomainError('CONFLICT', `There is already a section ${pageSlug} / ${sectionKey}`);
}

export async function createContent(deps: ContentDeps, staff: Staff, input: PageContentInput): Promise<PageContent> {
  const parsed = pageContentInputSchema.parse(input);
  const v = { ...parsed, content: siteRelativeUrlsIn(parsed.content, deps.siteOrigin) };
  await assertSlotFree(deps, v.pageSlug, v.sectionKey);
  const section: PageContent = { id: deps.newId(), ...v, updatedAt: deps.now().toISOString() };
  await deps.content.put(section, null, audited(staff, 'create', section));
  return section;
}

export async function updateContent(deps: ContentDeps, staff: Staff, id: string, input: PageContentInput): Promise<PageContent> {
  const parsed = pageContentInputSchema.parse(input);
  const v = { ...parsed, content: siteRelativeUrlsIn(parsed.content, deps.siteOrigin) };
  const previous = await deps.content.get(id);
  if (!previous) throw notFound(CONTENT_NOT_FOUND);
  await assertSlotFree(deps, v.pageSlug, v.sectionKey, id);
  const section: PageContent = { id, ...v, updatedAt: deps.now().toISOString() };
  await deps.content.put(section, previous, audited(staff, 'update', section));
  return section;
}

export async function deleteContent(deps: ContentDeps, staff: Staff, id: string): Promise<void> {
  const section = await deps.content.get(id);
  if (!section) throw notFound(CONTENT_NOT_FOUND);
  await deps.content.delete(section, audited(staff, 'delete', section));
}

/** Markdown (or plain text, which is valid Markdown) → HTML with only harmless tags: no script ever reaches a visitor. */
function renderContentHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true }) as string;
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'span'],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

export interface PublicSection {
  sectionKey: string;
  title: string | null;
  /** Plain text, for places that show one line (the stats panel reads 'value|label' lines). */
  text: string;
  html: string;
}

/** Active sections of a page for visitors. */
export async function publicPageContent(deps: Pick<ContentDeps, 'content'>, pageSlug: string): Promise<PublicSection[]> {
  const sections = await deps.content.forPage(pageSlug);
  return sections
    .filter((s) => s.isActive)
    .map((s) => ({ sectionKey: s.sectionKey, title: s.title, text: s.content, html: renderContentHtml(s.content) }));
}
