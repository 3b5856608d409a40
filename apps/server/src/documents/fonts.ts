import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where Debian's fonts-noto-cjk puts the Noto Sans CJK collections. */
export const NOTO_CJK_DIR = '/usr/share/fonts/opentype/noto';

/** The names every PDF of the kit draws with (registerCjkFonts): Noto Sans CJK SC, regular and bold. */
export const REGULAR = 'regular';
export const BOLD = 'bold';

/** Each face: its collection file and, as the file is a TTC collection, the face's PostScript name. */
const FACES = {
  [REGULAR]: { file: 'NotoSansCJK-Regular.ttc', postscript: 'NotoSansCJKsc-Regular' },
  [BOLD]: { file: 'NotoSansCJK-Bold.ttc', postscript: 'NotoSansCJKsc-Bold' },
} as const;

type FaceName = keyof typeof FACES;

/** Collections read so far, by folder: pdfkit would read both 20 MB files again for every document. */
const collections = new Map<string, Record<FaceName, Buffer>>();

/**
 * The bytes of the two Noto Sans CJK collections in `fontDir`, read once per thread (each CPU worker
 * keeps its own copy). A missing file throws a message naming the Debian package to install.
 */
export function cjkFontCollections(fontDir = NOTO_CJK_DIR): Record<FaceName, Buffer> {
  const kept = collections.get(fontDir);
  if (kept) return kept;
  const files = Object.values(FACES).map((face) => path.join(fontDir, face.file));
  for (const file of files) {
    if (!existsSync(file)) {
      throw new Error(`PDF export needs the font ${file}; install the Debian package fonts-noto-cjk`);
    }
  }
  const read = { [REGULAR]: readFileSync(files[0]!), [BOLD]: readFileSync(files[1]!) };
  collections.set(fontDir, read);
  return read;
}

/** The one font set-up of every PDF: registers REGULAR and BOLD on `doc` (pdfkit fonts are per document). */
export function registerCjkFonts(doc: PDFKit.PDFDocument, fontDir = NOTO_CJK_DIR): void {
  const bytes = cjkFontCollections(fontDir);
  for (const name of [REGULAR, BOLD] as const) doc.registerFont(name, bytes[name], FACES[name].postscript);
}
