/** Spec 2 §2 / surface.json: My files under the innovation-space layout, by its two permissions. */
export const MY_FILE_PATH = '/innovationSpace/myFile';
export const SEARCH_FILE_PATH = '/innovationSpace/searchFile';
