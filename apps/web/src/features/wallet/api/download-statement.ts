import { ApiError, buildUrl } from '@/lib/api-client';
import { getToken } from '@/lib/session';

export type StatementFormat = 'csv' | 'pdf';
/** Lagos days, YYYY-MM-DD, both included. */
export type StatementPeriod = { from: string; to: string };

/** GET wallet/statement?from=&to=&format=: the wallet's statement for a period, as a file. */
export const statementUrl = ({ from, to }: StatementPeriod, format: StatementFormat) =>
  buildUrl('wallet/statement', { from, to, format });

export const statementFileName = ({ from, to }: StatementPeriod, format: StatementFormat) =>
  `ruwa-statement-${from}-to-${to}.${format}`;

/**
 * Fetches the statement with the session's token and saves it: a plain link cannot carry the bearer
 * token the API signs customers in with, so the link's click comes here.
 */
export async function downloadStatement(period: StatementPeriod, format: StatementFormat): Promise<void> {
  const token = getToken();
  const response = await fetch(statementUrl(period, format), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, `The statement could not be prepared (${response.status}).`);
  const file = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = file;
  link.download = statementFileName(period, format);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(file), 0);
}
