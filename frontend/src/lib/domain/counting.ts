import { DATE_LOCALE } from '../constants.js';

/** A count as people read it: 1,200. */
export const count = (n: number): string => n.toLocaleString(DATE_LOCALE);

/** "1 line", "1,200 lines": a count with its noun in the right number. */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${count(n)} ${n === 1 ? one : many}`;
