import { Link, NavLink } from 'react-router';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-amber-200 ${isActive ? 'text-amber-200' : 'text-stone-300'}`;

export function Header({ owner }: { owner: string }) {
  return (
    <header className="border-b border-white/10 bg-stone-950/95">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link to="/" className="font-serif text-2xl tracking-wide text-stone-50 hover:text-amber-100">
          {owner}
        </Link>
        <nav aria-label="Main" className="flex gap-4 text-sm uppercase tracking-[0.2em]">
          <NavLink to="/life-list" className={navLink}>
            Life List
          </NavLink>
          <NavLink to="/info" className={navLink}>
            Info
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
