import { formatDay } from '../day-text.ts';
import { t } from '../site-words.ts';

/** A day, with the ISO day in `dateTime`. */
export function Day({ day }: { day: string }) {
  return <time dateTime={day}>{formatDay(day)}</time>;
}

/** A day and where: `place` is a region's name as the data gives it ('Ontario, Canada'), never its code. */
export function DayAndRegion({ day, place }: { day: string; place?: string | undefined }) {
  return (
    <>
      <Day day={day} />
      {place !== undefined && (
        <>
          {t('list.separator')}
          {place}
        </>
      )}
    </>
  );
}
