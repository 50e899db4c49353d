import PDFDocument from 'pdfkit';
import { BOLD_FONT, REGULAR_FONT } from './fonts';

export type Pdf = PDFKit.PDFDocument;

/** An A4 PDF drawn by `draw`, as bytes. The document's fonts are registered as 'regular' and 'bold'. */
export function renderPdf(title: string, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title, Author: 'Ruwa' } });
  doc.registerFont('regular', REGULAR_FONT);
  doc.registerFont('bold', BOLD_FONT);
  doc.font('regular');
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}
