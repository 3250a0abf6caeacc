import { loadDataFile } from './data-files.ts';
import { createSiteModel } from './site-model.ts';

/** The site model the route loaders use: the data files fetched (or, when pre-rendering, read) through web/data-files.ts. */
export const site = createSiteModel(loadDataFile);
