import { ApiError, NetworkError } from './api-error.ts';
import { toQueryString, type QueryParams } from './query-string.ts';
import { getToken as cookieToken } from './token-cookie.ts';

// A streamed file download (list exports): the answer is read chunk by chunk so the view can
// show progress from `X-Total-Rows` and the bytes read, then saved under the name of its
// Content-Disposition. Exports can be large and slow, so it does not go through request(),
// which reads the whole answer as text.

export type DownloadProgress = {
  /** Bytes read so far. */
  bytes: number;
  /** Rows the server said it would send (`X-Total-Rows`), when it said so. */
  totalRows: number | null;
  /** Rows read so far, counted as lines for CSV; null when a format has no lines (XLSX). */
  rows: number | null;
  /** 0–1 when the total is known (Content-Length or rows), otherwise null. */
  fraction: number | null;
};

export type DownloadResult = { blob: Blob; fileName: string };

export type DownloadDeps = {
  fetch: typeof fetch;
  getToken: () => string | null;
  baseUrl: string;
};

const browserDeps: DownloadDeps = {
  fetch: (input, init) => fetch(input, init),
  getToken: cookieToken,
  baseUrl: '/api',
};

export async function downloadFile(
  target: { url: string; params: QueryParams },
  options: { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal } = {},
  deps: DownloadDeps = browserDeps,
): Promise<DownloadResult> {
  const query = toQueryString(target.params);
  const url = `${deps.baseUrl}/${target.url.replace(/^\/+/, '')}${query ? `?${query}` : ''}`;
  const token = deps.getToken();
  let response: Response;
  try {
    response = await deps.fetch(url, {
      headers: token ? { Authorization: token } : {},
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError('offline');
  }
  if (!response.ok) throw await failure(response);

  const totalRows = numberHeader(response, 'X-Total-Rows');
  const length = numberHeader(response, 'Content-Length');
  const isCsv = (response.headers.get('Content-Type') ?? '').startsWith('text/csv');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  const report = () => {
    // The header line is not a row.
    const rows = isCsv ? Math.max(0, lines - 1) : null;
    const fraction =
      length !== null && length > 0
        ? bytes / length
        : rows !== null && totalRows !== null && totalRows > 0
          ? Math.min(1, rows / totalRows)
          : null;
    options.onProgress?.({ bytes, totalRows, rows, fraction });
  };
  report();
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      if (isCsv) lines += countNewlines(value);
      report();
    }
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks, { type }),
    fileName: fileNameOf(response.headers.get('Content-Disposition')) ?? 'export',
  };
}

/** Hands a blob to the browser as a file download. */
export function saveBlob({ blob, fileName }: DownloadResult): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name.replace(/[/\\]/g, '_') : null;
}

function numberHeader(response: Response, name: string): number | null {
  const raw = response.headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function countNewlines(chunk: Uint8Array): number {
  let n = 0;
  for (const byte of chunk) if (byte === 10) n += 1;
  return n;
}

// An export refused before it started answers the usual envelope (validation, access).
async function failure(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: unknown; data?: unknown };
    const message = typeof body.message === 'string' ? body.message : 'bad_response';
    // A download is a read: refused, it is told as one (error-presentation.ts).
    return new ApiError(message, response.status, body.data ?? null, 'GET');
  } catch {
    return new ApiError('bad_response', response.status, null, 'GET');
  }
}
