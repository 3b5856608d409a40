import { Document, Packer, type ISectionOptions } from 'docx';

/** Word picks a font per script: one for each, so Chinese does not fall back to a serif face. */
export const DOCX_FONT = { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei', cs: 'Calibri' };

/** A4 with 2.54 cm margins, in twips (1/20 pt): the text column is 9,026 twips = 6.27 in. */
export const DOCX_PAGE = { width: 11_906, height: 16_838, margin: 1_440 };

/** The page properties of an A4 section with DOCX_PAGE's margins. */
export const A4_SECTION_PROPERTIES: ISectionOptions['properties'] = {
  page: {
    size: { width: DOCX_PAGE.width, height: DOCX_PAGE.height },
    margin: { top: DOCX_PAGE.margin, right: DOCX_PAGE.margin, bottom: DOCX_PAGE.margin, left: DOCX_PAGE.margin },
  },
};

/**
 * A Word document of the kit: Patlas as its creator, DOCX_FONT at `size` half-points (default
 * 10.5 pt) as the default run. Every Word file the server writes starts here.
 */
export function newDocxDocument(options: {
  title: string;
  sections: ISectionOptions[];
  /** Half-points (21 = 10.5 pt); undefined: Word's own default style. */
  size?: number | null;
}): Document {
  const size = options.size === undefined ? 21 : options.size;
  return new Document({
    creator: 'Patlas',
    title: options.title,
    ...(size === null ? {} : { styles: { default: { document: { run: { font: DOCX_FONT, size } } } } }),
    sections: options.sections,
  });
}

/** The document's .docx bytes. */
export function docxBuffer(document: Document): Promise<Buffer> {
  return Packer.toBuffer(document);
}
