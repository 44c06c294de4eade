import type { HTMLAttributes } from 'react';

/**
 * HTML the API has already sanitised (functions/src/domain/admin/content.ts renderContentHtml:
 * Markdown rendered, then only harmless tags and http(s)/mailto/tel links kept). Nothing else
 * may be passed here.
 */
export function SanitizedHtml({
  html,
  ...props
}: { html: string } & Omit<HTMLAttributes<HTMLDivElement>, 'dangerouslySetInnerHTML' | 'children'>) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by renderContentHtml (sanitize-html allow-list)
  return <div {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
