import { ApiError, buildUrl, NETWORK_ERROR_MESSAGE, type Query } from './api-client';
import { getToken } from './session';

/**
 * A file the API makes (a receipt's picture or PDF, a statement), fetched with the session's token:
 * a plain link cannot send it. Failures are the same ApiError the JSON calls throw.
 */
export async function fetchApiFile(path: string, query?: Query, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : `The request failed (${response.status}).`;
    throw new ApiError(response.status, message);
  }
  return response.blob();
}

/** Hands a made file to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
