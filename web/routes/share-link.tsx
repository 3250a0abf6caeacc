import { useEffect } from 'react';
import { useHref, useLoaderData } from 'react-router';
import type { shareLinkLoader } from './share-link-loader.ts';
import { t, tAround } from '../site-words.ts';

/** Sends the visitor on to the share page a link in another form meant (share-link-loader.ts). */
export function ShareLinkPage() {
  const { target } = useLoaderData<typeof shareLinkLoader>();
  const href = useHref(target);
  // A full load: the share page is a file of its own, not a page of the app.
  useEffect(() => window.location.replace(href), [href]);
  const [before, after] = tAround('shareLink.opening', 'link');
  return (
    <p className="py-16 text-center text-stone-400">
      {before}
      <a href={href} className="text-amber-200 underline underline-offset-2">
        {t('shareLink.photo')}
      </a>
      {after}
    </p>
  );
}
