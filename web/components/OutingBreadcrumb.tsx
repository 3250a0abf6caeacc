import { Link } from 'react-router';
import { OUTINGS_ROUTE, outingRoute } from '../../data/paths.ts';
import { outingsTitle } from '../outing-text.ts';
import { t } from '../site-words.ts';

/** Back to the Outings page, and to the trip of a day. */
export function OutingBreadcrumb({ trip }: { trip?: { key: string; name: string } | undefined }) {
  return (
    <nav aria-label={t('breadcrumb')} className="text-sm text-stone-400">
      <Link to={OUTINGS_ROUTE} className="text-link">
        {outingsTitle()}
      </Link>
      {trip && (
        <>
          {' / '}
          <Link to={outingRoute(trip.key)} className="text-link">
            {trip.name}
          </Link>
        </>
      )}
    </nav>
  );
}
