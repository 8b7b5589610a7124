export { createCloneSnapshotReader, type CloneSnapshotReader } from './snapshot.js';
