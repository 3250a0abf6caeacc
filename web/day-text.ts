/**
 * A day of the eBird life list (`2005-01-02`) as a reader of the site's language writes it
 * ("Jan 2, 2005", "2. Jan. 2005"), from the build's table (web/site-words.ts): the pre-rendered
 * HTML and the hydrated page always agree, and the phone makes no Intl object to write it.
 */
export { formatDay } from './site-words.ts';
