/** Shell values the spec leaves open (its §9 constants live in ../constants.ts). */
export const PRODUCT_NAME = 'Allot';
