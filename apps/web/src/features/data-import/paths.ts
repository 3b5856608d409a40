/** The operators' import page, a section of the operators' area (/sys). */
export const DATA_IMPORT_PATH = '/sys/import';
