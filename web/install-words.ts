import words from 'virtual:site-words';
import { setSiteWords } from './site-words.ts';

/** The site's words, set before anything renders: each entry imports this module first. */
setSiteWords(words);
