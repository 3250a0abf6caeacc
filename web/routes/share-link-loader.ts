import { photoShareRoute, withoutPageExtension } from '../../data/paths.ts';
import { notFound } from './not-found.tsx';

/**
 * A share page's link in another form than its folder: `/photo/<id>.html` (the form links were
 * shared in before every page became a folder) or `/photo/<id>` on a host that does not add the
 * slash. Such a host answers with its 404 page, the app shell, and this route sends the visitor
 * on to the share page, a static file the router does not render. The folder form itself
 * reaches the app only when the page does not exist (a deleted photo): that is not found.
 */
export function shareLinkLoader({ params, request }: { params: { file?: string }; request: Request }) {
  if (new URL(request.url).pathname.endsWith('/')) throw notFound();
  return { target: photoShareRoute(withoutPageExtension(params.file)) };
}
