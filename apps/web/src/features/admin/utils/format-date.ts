const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function format(value: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter.format(date);
}

/** '15 Jan 2026'. */
export function formatDate(value: string): string {
  return format(value, dateFormat);
}

/** '15 Jan 2026, 10:00'. */
export function formatDateTime(value: string): string {
  return format(value, dateTimeFormat);
}
