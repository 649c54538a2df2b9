import {
  attachmentDownloadPath,
  type AttachmentMeta,
} from '../domain/attachments/attachment-rules.ts';
import { downloadFile, saveBlob } from './download.ts';
import type { Request } from './request.ts';
import { uploadFile, type UploadProgress } from './upload-file.ts';

// Attachments: a file goes up as the raw body (with progress) and comes back only as a
// download saved by the browser, never opened in the console's page. A file is addressed by
// its token (AttachmentMeta.token); its id only links it to a document.

export async function uploadAttachment(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<AttachmentMeta> {
  const answer = await uploadFile<AttachmentMeta>({
    url: 'attachments',
    file,
    params: { file_name: file.name },
    onProgress,
  });
  return answer.data;
}

export async function fetchAttachment(request: Request, token: string): Promise<AttachmentMeta> {
  return (await request<AttachmentMeta>({ url: `attachments/${token}` })).data;
}

export async function downloadAttachment(token: string): Promise<void> {
  saveBlob(await downloadFile({ url: attachmentDownloadPath(token), params: {} }));
}
