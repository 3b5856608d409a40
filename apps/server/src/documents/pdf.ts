import PDFDocument from 'pdfkit';
import { NOTO_CJK_DIR, REGULAR, registerCjkFonts } from './fonts.js';

/**
 * A PDF document of the kit: A4, Patlas as its creator, the CJK fonts registered as REGULAR and
 * BOLD and REGULAR selected. Every PDF the server writes starts here.
 */
export function newPdfDocument(
  options: { title: string; margin: number } & Partial<PDFKit.PDFDocumentOptions>,
  fontDir = NOTO_CJK_DIR,
): PDFKit.PDFDocument {
  const { title, ...rest } = options;
  const doc = new PDFDocument({ size: 'A4', ...rest, info: { Title: title, Creator: 'Patlas' } });
  registerCjkFonts(doc, fontDir);
  doc.font(REGULAR);
  return doc;
}

/**
 * Ends `doc` and answers its bytes as one Buffer. pdfkit's document is a readable stream that keeps
 * what it writes until read, so the drawing may come first. For the documents answered at once
 * (a report, a few patents): a large export streams to a file instead (patent-pdf.ts).
 */
export async function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
