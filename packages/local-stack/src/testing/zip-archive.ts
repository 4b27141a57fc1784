/** Zip archives built by hand, for tests outside core (the import preview in the browser). */
export { type ZipFileSpec, zipArchive } from '@app/core/audience/import/zip-archive.fixture'
