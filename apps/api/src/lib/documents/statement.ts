import { renderPdf, type Pdf } from './pdf';

/** A wallet statement as printed: every figure already written as it is shown. */
export type StatementDocument = {
  business: string;
  customer: string;
  period: string;
  opening: string;
  closing: string;
  moneyIn: string;
  moneyOut: string;
  rows: { date: string; reference: string; description: string; moneyIn: string; moneyOut: string; balance: string }[];
  emptyText: string;
  footer: string;
  headings: {
    date: string;
    reference: string;
    description: string;
    moneyIn: string;
    moneyOut: string;
    balance: string;
  };
  labels: { opening: string; closing: string; moneyIn: string; moneyOut: string };
};

// Column x positions and widths on A4 (595 pt wide, 40 pt margins).
const COLUMNS = [
  { key: 'date', x: 40, width: 78 },
  { key: 'reference', x: 120, width: 112 },
  { key: 'description', x: 234, width: 141 },
  { key: 'moneyIn', x: 377, width: 58, align: 'right' },
  { key: 'moneyOut', x: 437, width: 58, align: 'right' },
  { key: 'balance', x: 497, width: 58, align: 'right' },
] as const;

type Row = StatementDocument['rows'][number];

function drawRow(doc: Pdf, row: Row, font: 'regular' | 'bold') {
  const top = doc.y;
  let bottom = top;
  doc.font(font).fontSize(8).fillColor('#0f172a');
  for (const column of COLUMNS) {
    doc.text(row[column.key], column.x, top, { width: column.width, align: 'align' in column ? column.align : 'left' });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = 40;
  doc.y = bottom + 4;
}

/** The statement as an A4 PDF: the summary, then one row per movement, the heading on every page. */
export function statementPdf(statement: StatementDocument): Promise<Buffer> {
  return renderPdf(`${statement.business} wallet statement`, (doc) => {
    doc.page.margins.left = 40;
    doc.x = 40;
    doc.font('bold').fontSize(20).fillColor('#0f766e').text(statement.business);
    doc.font('regular').fontSize(12).fillColor('#334155').text(statement.customer).text(statement.period);
    doc.moveDown(0.6).fontSize(10).fillColor('#0f172a');
    doc.text(`${statement.labels.opening}: ${statement.opening}`);
    doc.text(`${statement.labels.moneyIn}: ${statement.moneyIn}`);
    doc.text(`${statement.labels.moneyOut}: ${statement.moneyOut}`);
    doc.font('bold').text(`${statement.labels.closing}: ${statement.closing}`);
    doc.moveDown(0.8);
    drawRow(doc, statement.headings, 'bold');
    for (const row of statement.rows) {
      if (doc.y > doc.page.height - 80) {
        doc.addPage();
        doc.x = 40;
        drawRow(doc, statement.headings, 'bold');
      }
      drawRow(doc, row, 'regular');
    }
    if (!statement.rows.length) doc.font('regular').fontSize(10).text(statement.emptyText, 40);
    doc.moveDown(1).font('regular').fontSize(8).fillColor('#64748b').text(statement.footer, 40);
  });
}
