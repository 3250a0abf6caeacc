import { HOST_SERVERS } from '../../harness/host-servers.ts';

/** The pages Lighthouse measures; `photoLink` and `sharePage` open one shared photo. */
export const PAGE_NAMES = ['home', 'lifeList', 'leaf', 'species', 'recording', 'photoLink', 'sharePage', 'info', 'lists', 'outings', 'outingsYear', 'outing', 'trip'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** Where the pages are measured: the strict bucket server (gzip and uncompressed), and each host's own server as it serves (both compress). */
export const PAGE_HOSTS = ['bucket', ...HOST_SERVERS] as const;
export type PageHost = (typeof PAGE_HOSTS)[number];
