/**
 * RFC 4180 CSV (CRLF, fields quoted when they need it). A field that a spreadsheet would read as a
 * formula (=, +, -, @ first) gets a leading apostrophe, so a description can never run as one;
 * plain numbers such as -1500.00 are left as they are, to stay numbers.
 */
export function toCsv(header: string[], rows: string[][]): string {
  const field = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
