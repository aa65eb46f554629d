import { useEffect } from 'react';
import { documentTitle } from '@/lib/document-title';

/** Sets the page title and meta description while the calling page is shown. */
export function useDocumentMeta({ title, description }: { title?: string | undefined; description?: string | undefined }) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (description === undefined) return;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
