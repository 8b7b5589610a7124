export { migrateUploads, uploadTables, type UploadTables } from './schema.js';
export { createUploadStore, type NewUpload, type UploadStore } from './store.js';
