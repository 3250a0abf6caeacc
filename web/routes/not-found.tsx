import { Link } from 'react-router';
import { HOME_ROUTE, lifeListRoute } from '../../data/paths.ts';
import { t } from '../site-words.ts';


/** Loader of the catch-all route: every unknown URL is a 404. */
export function notFoundLoader(): never {
  throw notFound();
}

export function notFound(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** A page's data, or the 404 its route renders when the data files have none for that address. */
export function foundOr404<T>(data: T | null | undefined): T {
  if (data === null || data === undefined) throw notFound();
  return data;
}

export function NotFoundContent() {
  return (
    <section className="py-16 text-center">
      <title>{t('notFound.title')}</title>
      <meta name="robots" content="noindex" />
      <p aria-hidden="true" className="font-serif text-7xl text-stone-400">404</p>
      <h1 className="mt-4 font-serif text-3xl text-stone-50">{t('notFound.title')}</h1>
      <p className="mt-3 text-stone-400">{t('notFound.text')}</p>
      <nav className="mt-8 flex justify-center gap-6 text-sm">
        <Link to={HOME_ROUTE} className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
          {t('notFound.home')}
        </Link>
        <Link to={lifeListRoute([])} className="text-amber-200 underline underline-offset-2 hover:text-amber-100">
          {t('nav.lifeList')}
        </Link>
      </nav>
    </section>
  );
}
