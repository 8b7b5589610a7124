import { DATE_LOCALE } from '../../../lib/constants.js';

/** An amount as the page shows it: two decimals, grouped (no currency: the institution's own). */
export const money = (n: number) =>
  n.toLocaleString(DATE_LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const points = (n: number) => n.toLocaleString(DATE_LOCALE, { maximumFractionDigits: 2 });
