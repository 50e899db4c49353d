import { exportPath, type ExportName } from '@ruwa/contract';
import { fetchApiFile, saveFile } from '@/lib/api-file';

/** Lagos days, YYYY-MM-DD, both included. */
export type ExportPeriod = { from: string; to: string };

export const exportFileName = (name: ExportName, { from, to }: ExportPeriod) => `ruwa-${name}-${from}-to-${to}.csv`;

/**
 * GET admin/exports/<name>.csv?from=&to= with the session's token (a plain link cannot carry it),
 * saved under the name the API gives it.
 */
export async function downloadExport(name: ExportName, period: ExportPeriod): Promise<void> {
  const file = await fetchApiFile(exportPath(name).replace(/^\/api\//, ''), period);
  saveFile(file, exportFileName(name, period));
}
