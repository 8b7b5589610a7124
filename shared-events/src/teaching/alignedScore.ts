/**
 * At least this score counts as "aligned": a preferred course or type with nothing against it
 * (neutral alone scores 75). Its own module, free of the date maths of alignment.ts, so the
 * browser entry's read answers may name it.
 */
export const ALIGNED_SCORE = 80;
