/**
 * RFC 4180 CSV (CRLF, fields quoted when they need it). A field that a spreadsheet would read as a
 * formula (=, +, -, @ first) gets a leading apostrophe, so a description can never run as one;
 * plain numbers such as -1500.00 are left as they are, to stay numbers.
 */
export function csvLine(row: string[]): string {
  const field = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return row.map(field).join(',') + '\r\n';
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

/**
 * A CSV file made batch by batch as it is read: `nextBatch(after)` answers the rows after the last
 * key of the batch before (null first), each with its key and cells, and an empty batch ends the
 * file. Only one batch is held at a time, and the next is not read before the reader has taken the
 * one before (a stream pulls on demand), so a file of a million rows costs the memory of one batch.
 */
export async function* csvBatches<Key>(
  header: string[],
  nextBatch: (after: Key | null) => Promise<{ key: Key; cells: string[][] }[]>,
): AsyncGenerator<string> {
  yield csvLine(header);
  let after: Key | null = null;
  for (;;) {
    const batch = await nextBatch(after);
    if (batch.length === 0) return;
    yield batch.flatMap((row) => row.cells.map(csvLine)).join('');
    after = batch[batch.length - 1]!.key;
  }
}

/** Naira with its kobo and no symbol or grouping, as spreadsheets read numbers: 1500.00. */
export const csvNaira = (kobo: number) => (kobo / 100).toFixed(2);
