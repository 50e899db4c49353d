import { Resvg } from '@resvg/resvg-js';
import { BOLD_FONT, FONT_FAMILY, REGULAR_FONT } from './fonts';
import { renderPdf } from './pdf';

/** A receipt as printed: the same words on the picture and on the PDF. */
export type ReceiptDocument = {
  business: string;
  title: string;
  amountText: string;
  statusText: string;
  /** Green for done, amber for waiting, red for failed or refunded. */
  tone: 'good' | 'waiting' | 'bad';
  lines: { label: string; value: string }[];
  footer: string;
};

const TONE_COLOURS = { good: '#047857', waiting: '#b45309', bad: '#b91c1c' } as const;

const WIDTH = 720;
const PADDING = 48;
const LINE_HEIGHT = 30;
/** Characters of a value per picture line, at 22 px in a column of about 380 px. */
const VALUE_CHARS = 30;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Breaks a value into lines of at most `width` characters, at spaces where it can. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let piece = word; piece;) {
      const room = width - (line ? line.length + 1 : 0);
      if (piece.length <= room) {
        line = line ? `${line} ${piece}` : piece;
        piece = '';
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(piece.slice(0, width));
        piece = piece.slice(width);
      }
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** The receipt as an SVG picture, 720 px wide (what the PNG is rendered from). */
export function receiptSvg(receipt: ReceiptDocument): string {
  const parts: string[] = [];
  let y = PADDING + 28;
  const text = (x: number, at: number, value: string, attrs: string) =>
    parts.push(`<text x="${x}" y="${at}" ${attrs}>${escapeXml(value)}</text>`);
  text(PADDING, y, receipt.business, 'font-size="30" font-weight="bold" fill="#0f766e"');
  y += 48;
  text(PADDING, y, receipt.title, 'font-size="24" fill="#334155"');
  y += 56;
  text(PADDING, y, receipt.amountText, 'font-size="44" font-weight="bold" fill="#0f172a"');
  y += 44;
  text(PADDING, y, receipt.statusText, `font-size="24" font-weight="bold" fill="${TONE_COLOURS[receipt.tone]}"`);
  y += 28;
  parts.push(`<line x1="${PADDING}" y1="${y}" x2="${WIDTH - PADDING}" y2="${y}" stroke="#cbd5e1" stroke-width="2"/>`);
  y += 44;
  for (const line of receipt.lines) {
    const values = wrap(line.value, VALUE_CHARS);
    text(PADDING, y, line.label, 'font-size="20" fill="#64748b"');
    values.forEach((value, i) => text(290, y + i * LINE_HEIGHT, value, 'font-size="22" fill="#0f172a"'));
    y += values.length * LINE_HEIGHT + 14;
  }
  y += 10;
  parts.push(`<line x1="${PADDING}" y1="${y}" x2="${WIDTH - PADDING}" y2="${y}" stroke="#cbd5e1" stroke-width="2"/>`);
  y += 36;
  for (const line of wrap(receipt.footer, 56)) {
    text(PADDING, y, line, 'font-size="18" fill="#64748b"');
    y += 26;
  }
  const height = y + PADDING - 20;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ` +
    `font-family="${FONT_FAMILY}"><rect width="${WIDTH}" height="${height}" fill="#ffffff"/>${parts.join('')}</svg>`
  );
}

/** The receipt as a PNG picture, to send in a chat. */
export function receiptPng(receipt: ReceiptDocument): Buffer {
  const resvg = new Resvg(receiptSvg(receipt), {
    font: { fontFiles: [REGULAR_FONT, BOLD_FONT], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  });
  return resvg.render().asPng();
}

/** The receipt as a one-page A4 PDF. */
export function receiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  return renderPdf(`${receipt.business} receipt`, (doc) => {
    doc.font('bold').fontSize(22).fillColor('#0f766e').text(receipt.business);
    doc.moveDown(0.3).font('regular').fontSize(14).fillColor('#334155').text(receipt.title);
    doc.moveDown(0.8).font('bold').fontSize(28).fillColor('#0f172a').text(receipt.amountText);
    doc.moveDown(0.2).fontSize(14).fillColor(TONE_COLOURS[receipt.tone]).text(receipt.statusText);
    doc.moveDown(1);
    const labelX = doc.page.margins.left;
    const valueX = labelX + 170;
    const valueWidth = doc.page.width - doc.page.margins.right - valueX;
    for (const line of receipt.lines) {
      const top = doc.y;
      doc.font('regular').fontSize(11).fillColor('#64748b').text(line.label, labelX, top, { width: 160 });
      doc.fontSize(12).fillColor('#0f172a').text(line.value, valueX, top, { width: valueWidth });
      doc.x = labelX;
      doc.moveDown(0.6);
    }
    doc.moveDown(1).fontSize(10).fillColor('#64748b').text(receipt.footer, labelX);
  });
}
