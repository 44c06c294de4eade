import { X } from 'lucide-react';
import { useState } from 'react';
import { useContentSection } from './api/get-page-content';
import { SanitizedHtml } from './sanitized-html';

/**
 * The site-wide notice (page content site / notice), when staff switch one on. Fixed to the
 * bottom of the window, so arriving after the first paint never shifts the page.
 */
export function SiteNotice() {
  const notice = useContentSection('site', 'notice');
  const [dismissed, setDismissed] = useState(false);
  if (!notice || dismissed) return null;
  return (
    <div
      role="status"
      data-testid="site-notice"
      className="fixed inset-x-0 bottom-0 z-30 bg-accent px-4 py-2 pr-12 text-sm text-accent-foreground shadow-lg"
    >
      {notice.title && <strong className="mr-2">{notice.title}</strong>}
      {/* Sanitised on the server (renderContentHtml): only harmless tags reach the page. */}
      <SanitizedHtml className="inline [&_a]:underline [&_p]:inline" html={notice.html} />
      <button type="button" aria-label="Dismiss notice" className="absolute top-1.5 right-3 p-1" onClick={() => setDismissed(true)}>
        <X className="size-4" />
      </button>
    </div>
  );
}
