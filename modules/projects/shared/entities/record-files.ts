import { PM_TASK_ITEM_RECORDS } from './pm-task-item-records.entity.ts';

// A time record's files (docs/domain/projects.md §9 "attachments"): receipts, timesheets, photos of
// the work, uploaded through /api/attachments (same store, types and size limit as every file) and
// attached to the record with its version by the roles that write the record (admin, director,
// manager). Attaching or removing moves the record's version and is refused once the project
// is closed, as its hours are. Removing unlinks the file; the attachment itself stays, as
// every attachment does (docs/domain/README.md §0).

/** `/api/projects/task-item-records/{id}/files`: GET the list, POST `{version, attachment_id}`. */
export const recordFilesApi = (recordId: number) => `${PM_TASK_ITEM_RECORDS.api}/${recordId}/files`;

/** `DELETE …/files/{attachment_id}?version=`: unlinks one file from the record. */
export const recordFileApi = (recordId: number, attachmentId: number) =>
  `${recordFilesApi(recordId)}/${attachmentId}`;
