import { TRAINING_DOCUMENTS } from '../shared/entities/training-documents.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import type { FormExtra } from '../../../src/views/common/entity-form/form-extra.ts';
import { AttachmentField } from '../../../src/views/common/attachment-field.tsx';

// A training document's file: uploaded as an attachment (PDF, image, text), the revision then
// points at it. Written with the draft; a new file is a new upload (attachments never change).
// The file the revision holds is named and downloaded from the record as read; a new upload
// from its answer, until the revision is saved and read again. A revision past its draft shows
// the file's name to download, never its id.

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const DOCUMENT_FILE: FormExtra = {
  values: { file_label: '', file_token: '' },
  validate: () => ({}),
  // attachment_id is a declared field the form already sends; the label is the screen's own.
  payload: () => ({}),
  render: (form, _creating, row) => {
    const id = Number(form.values.attachment_id);
    const uploaded = text(form.values.file_token) !== '';
    const held = row !== null && (rowOf(TRAINING_DOCUMENTS, row).attachment_id ?? 0) === id;
    const name = uploaded ? text(form.values.file_label) : held ? text(row.file_name) : '';
    const token = uploaded ? text(form.values.file_token) : held ? text(row.file_token) : '';
    return (
      <AttachmentField
        label="File"
        value={id > 0 ? { token: token || null, file_name: name || 'The revision’s file' } : null}
        onUploaded={(meta) => {
          form.setFieldValue('attachment_id', meta.id);
          form.setFieldValue('file_label', meta.file_name);
          form.setFieldValue('file_token', meta.token);
        }}
      />
    );
  },
  readOnly: (row) => (
    <AttachmentField
      label="File"
      value={
        (rowOf(TRAINING_DOCUMENTS, row).attachment_id ?? 0) > 0
          ? {
              token: text(row.file_token) || null,
              file_name: text(row.file_name) || 'The revision’s file',
            }
          : null
      }
      onUploaded={() => undefined}
      disabled
    />
  ),
};
