import { useEffect } from 'react';
import { SITE_NAME } from '@shared/constants';

/**
 * Sets the document title and meta description for a route. (Listing and category pages also get
 * their head from the server so link previews work without JavaScript.)
 */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
    if (description) setMeta('description', description);
    setMeta('og:title', document.title, 'property');
    if (description) setMeta('og:description', description, 'property');
  }, [title, description]);
}

function setMeta(name: string, content: string, attr: 'name' | 'property' = 'name') {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, name);
    document.head.appendChild(el);
  }
  el.content = content;
}
