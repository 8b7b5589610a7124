// One definition for the whole product (shared-events); re-exported where resources import it.
export { canonical } from '@allot/shared-events';
