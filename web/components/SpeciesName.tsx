import { Link } from 'react-router';
import { speciesRoute } from '../../data/paths.ts';

/** A species' name, linked to its page when it has one (`species`: its folder's name). */
export function SpeciesName({ name, species }: { name: string; species?: string | undefined }) {
  if (species === undefined) return <>{name}</>;
  return (
    <Link to={speciesRoute(species)} className="text-link">
      {name}
    </Link>
  );
}
