import { formatDay } from '../day-text.ts';
import { t } from '../site-words.ts';

/** A day, with the ISO day in `dateTime`; and its region code. */
export function Day({ day }: { day: string }) {
  return <time dateTime={day}>{formatDay(day)}</time>;
}

export function DayAndRegion({ day, region }: { day: string; region?: string | undefined }) {
  return (
    <>
      <Day day={day} />
      {region !== undefined && (
        <>
          {t('list.separator')}
          {region}
        </>
      )}
    </>
  );
}
