/** The change feed's pieces other pages show: the dashboard's panel, the pages' way into it. */
export { ChangeList, ChangeEntry } from './ChangeList.js';
export { ChangesButton } from './ChangesButton.js';
export { RecentChanges } from './RecentChanges.js';
export { CHANGE_COUNT, RECENT_CHANGES } from './changesApi.js';
