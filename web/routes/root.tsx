import { Link, Outlet, useLoaderData, useRouteLoaderData } from 'react-router';
import { Header } from '../components/Header.tsx';
import { CREDITS_ROUTE, LISTS_ROUTE } from '../../data/paths.ts';
import { site } from '../site.ts';
import { siteIdentityOf } from '../site-model.ts';
import { ErrorContent } from './error.tsx';
import { t } from '../site-words.ts';

export const ROOT_ROUTE_ID = 'root';

export async function rootLoader() {
  return siteIdentityOf(await site.info());
}

export type SiteData = Awaited<ReturnType<typeof rootLoader>>;

/** The owner's name and site title, for every page below the root. */
export function useSite(): SiteData {
  const data = useRouteLoaderData<typeof rootLoader>(ROOT_ROUTE_ID);
  if (!data) throw new Error('The site data (info.json) is not loaded');
  return data;
}

/** `Species · Site title`, or the site title alone. */
export function pageTitle(identity: SiteData, page?: string): string {
  return page ? `${page} · ${identity.title}` : identity.title;
}

function Shell({ owner, hasLists, children }: { owner: string; hasLists: boolean; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-stone-950 text-stone-100">
      <Header owner={owner} />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">{children}</main>
      <footer className="border-t border-white/10 py-6 text-center text-xs tracking-wide text-stone-400">
        © {owner} · <Link to={CREDITS_ROUTE} className="underline underline-offset-4 hover:text-stone-200">{t('footer.credits')}</Link>
        {hasLists && (
          <>
            {' · '}
            <Link to={LISTS_ROUTE} className="underline underline-offset-4 hover:text-stone-200">
              {t('footer.lists')}
            </Link>
          </>
        )}
      </footer>
    </div>
  );
}

export function RootLayout() {
  const { owner, hasLists } = useLoaderData<typeof rootLoader>();
  return (
    <Shell owner={owner} hasLists={hasLists}>
      <Outlet />
    </Shell>
  );
}

/** The root's own loader failed (info.json missing or invalid): no owner name to show. */
export function RootError() {
  return (
    <div className="min-h-screen bg-stone-950 px-6 py-16 text-stone-100">
      <div className="mx-auto max-w-3xl">
        <ErrorContent />
      </div>
    </div>
  );
}

/** Shown while the first page's data loads when the page was not pre-rendered. */
export function RootHydrateFallback() {
  return <div className="min-h-screen bg-stone-950" aria-busy="true" />;
}
