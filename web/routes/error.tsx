import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundContent } from './not-found.tsx';
import { t } from '../site-words.ts';


function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A 404 thrown by a loader is the not-found page; anything else is the spec's error page. */
export function ErrorContent() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section role="alert">
      <title>{t('error.title')}</title>
      <h1 className="font-serif text-3xl text-stone-50">{t('error.title')}</h1>
      <p className="mt-4 font-mono text-sm break-words text-red-300">{errorMessage(error)}</p>
    </section>
  );
}

/** Error boundary of every page route: renders inside the layout, so the header stays. */
export function RouteError() {
  return <ErrorContent />;
}
