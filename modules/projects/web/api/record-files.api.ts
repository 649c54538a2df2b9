import type { AttachedFile } from '../../../../src/domain/attachments/attached-file.ts';
import { recordFileApi, recordFilesApi } from '../../shared/entities/record-files.ts';
import type { Request } from '../../../../src/api/request.ts';

// A time record's files: listed, an uploaded attachment linked with the record's version, one
// unlinked the same way (the upload itself is attachments.api.ts's).

const path = (api: string) => api.replace(/^\/api\//, '');

type Changed = { version: number; files: AttachedFile[] };

export async function fetchRecordFiles(
  request: Request,
  recordId: number,
): Promise<AttachedFile[]> {
  return (await request<AttachedFile[]>({ url: path(recordFilesApi(recordId)) })).data;
}

/** Answers the record's new version and its files. */
export async function attachRecordFile(
  request: Request,
  recordId: number,
  version: number,
  attachmentId: number,
): Promise<Changed> {
  const answer = await request<Changed>({
    url: path(recordFilesApi(recordId)),
    method: 'POST',
    data: { version, attachment_id: attachmentId },
  });
  return answer.data;
}

/** Answers the record's new version and the files left. */
export async function removeRecordFile(
  request: Request,
  recordId: number,
  version: number,
  attachmentId: number,
): Promise<Changed> {
  const answer = await request<Changed>({
    url: path(recordFileApi(recordId, attachmentId)),
    method: 'DELETE',
    params: { version },
  });
  return answer.data;
}
