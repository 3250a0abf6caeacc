import { Link, useLocation } from 'react-router';
import { HOME_ROUTE, INFO_ROUTE, lifeListRoute, NOT_PHOTOGRAPHED_ROUTE, OUTINGS_ROUTE, pageKey } from '../../data/paths.ts';
import { t } from '../site-words.ts';

const navLink = (isActive: boolean) =>
  `rounded px-2 py-1 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-amber-200 ${isActive ? 'text-amber-200' : 'text-stone-300'}`;

/** Whether the page is in a section: `/life-list/` covers `/life-list/A+B/` (and the other forms of those paths). */
function inSection(pathname: string, route: string): boolean {
  const page = pageKey(pathname, '/');
  const section = pageKey(route, '/');
  return page === section || page.startsWith(`${section}/`);
}

export function Header({ owner }: { owner: string }) {
  const { pathname } = useLocation();
  const item = (route: string, label: string, alsoIn: readonly string[] = []) => {
    const active = [route, ...alsoIn].some((r) => inSection(pathname, r));
    return (
      <Link to={route} className={navLink(active)} aria-current={active ? 'page' : undefined}>
        {label}
      </Link>
    );
  };
  return (
    <header className="border-b border-white/10 bg-stone-950/95">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link to={HOME_ROUTE} className="font-serif text-2xl tracking-wide text-stone-50 hover:text-amber-100">
          {owner}
        </Link>
        <nav aria-label={t('nav.label')} className="flex gap-4 text-sm uppercase tracking-[0.2em]">
          {item(lifeListRoute([]), t('nav.lifeList'), [lifeListRoute([], 'taxonomic'), NOT_PHOTOGRAPHED_ROUTE])}
          {item(OUTINGS_ROUTE, t('nav.outings'))}
          {item(INFO_ROUTE, t('nav.info'))}
        </nav>
      </div>
    </header>
  );
}
