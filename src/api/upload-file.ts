import { ApiError, NetworkError } from './api-error.ts';
import { apiFailures$ } from './api-failures.ts';
import { toQueryString, type QueryParams } from './query-string.ts';
import { unwrap, type ApiResponse } from './request.ts';
import { getToken } from './token-cookie.ts';

// Sends a file as the raw request body with upload progress (fetch cannot report it), for the
// import screens. The answer is the usual envelope; failures are ApiErrors like request()'s.

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  url: string;
  file: Blob & { name: string };
  params?: QueryParams;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

export function uploadFile<T>(options: UploadOptions): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = options.params ? `?${toQueryString(options.params)}` : '';
    xhr.open('POST', `/api/${options.url.replace(/^\/+/, '')}${query}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', options.file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.total });
    xhr.onload = () => {
      try {
        resolve(unwrap<T>(xhr.status, xhr.status >= 200 && xhr.status < 300, xhr.responseText));
      } catch (error) {
        // A refused file (422, 413 too large) is the screen's to show under the file input,
        // not the shell's.
        const refusedFile =
          error instanceof ApiError &&
          (error.message === 'validation_error' || error.message === 'payload_too_large');
        if (!refusedFile) apiFailures$.next(error);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => {
      const error = new NetworkError('offline');
      apiFailures$.next(error);
      reject(error);
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(options.file);
  });
}
