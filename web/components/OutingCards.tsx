import { Link } from 'react-router';
import type { OutingSummary } from '../../data/outings.ts';
import { outingRoute } from '../../data/paths.ts';
import { outingCounts, outingDates, outingTitle } from '../outing-text.ts';
import { tileOfCover } from '../photos.ts';
import { formatNumber, tn } from '../site-words.ts';
import { ImageTile, tileLoading } from './ImageTile.tsx';

const COVER_SIZES = '96px';
/** Outing cards' covers on a phone's first screen, below the page's heading. */
const CARD_FIRST_SCREEN_TILES = 4;

/** The Outings page's and a year page's cards, each linking its outing's page. */
export function OutingCards({ outings, fromExport, first }: { outings: readonly OutingSummary[]; fromExport: boolean; first: number }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {outings.map((outing, i) => (
        <OutingCard key={outing.key} outing={outing} fromExport={fromExport} position={first + i} />
      ))}
    </ul>
  );
}

function OutingCard({ outing, fromExport, position }: { outing: OutingSummary; fromExport: boolean; position: number }) {
  return (
    <li className={outing.kind === 'trip' ? 'outing-card outing-trip' : 'outing-card'}>
      {outing.cover ? (
        <div className="outing-cover" aria-hidden="true">
          <ImageTile image={tileOfCover(outing.cover)} alt="" sizes={COVER_SIZES} fit="fill" loading={tileLoading(position, CARD_FIRST_SCREEN_TILES)} />
        </div>
      ) : (
        // A day without photos shows what it was: its species count, as a birder tallies it.
        <div className="outing-tally" aria-hidden="true">
          <span className="outing-tally-count">{formatNumber(outing.observed)}</span>
          {tn('outing.tally', outing.observed)}
        </div>
      )}
      <div className="outing-text">
        {/* Lazy route discovery is a framework-mode feature this site does not use: its attribute would only weigh on a page of hundreds of cards. */}
        <Link to={outingRoute(outing.key)} className="outing-link" discover="none">
          {outingTitle(outing)}
        </Link>
        {outing.kind === 'trip' && <p className="truncate">{outingDates(outing)}</p>}
        <p className="line-clamp-2">{outingCounts(outing, fromExport)}</p>
        {outing.regions.length > 0 && <p className="outing-where">{outing.regions.join('; ')}</p>}
      </div>
    </li>
  );
}
