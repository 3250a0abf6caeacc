import { Link } from 'react-router';
import type { LocalName } from '../../data/local-name.ts';
import { speciesRoute } from '../../data/paths.ts';

/**
 * A species' name, linked to its page when it has one (`species`: its folder's name): its local
 * name (in its language) where the taxonomy has one, else `name`.
 */
export function SpeciesName({ name, local, species }: { name: string; local?: LocalName | undefined; species?: string | undefined }) {
  const shown = <BirdName name={name} local={local} />;
  if (species === undefined) return shown;
  return (
    <Link to={speciesRoute(species)} className="text-link">
      {shown}
    </Link>
  );
}

/** A bird's name as a visitor reads it: its local name, marked with its language, else its English one. */
export function BirdName({ name, local }: { name: string; local?: LocalName | undefined }) {
  return local ? <span lang={local.lang}>{local.name}</span> : name;
}
