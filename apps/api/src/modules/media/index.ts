// The owners' uploaded pictures: kept in the database, served under /media/produtos/enviadas/.
export { mediaRoutes } from './routes.js';
export {
  importUploadedFilesFromDisk,
  readMediaFile,
  saveMediaFile,
  UPLOADED_MEDIA_DIR,
} from './store.js';
