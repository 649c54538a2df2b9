import type { FormExtra } from '../../common/entity-form/form-extra.ts';
import { AttachmentField } from '../../common/attachment-field.tsx';

// A training document's file: uploaded as an attachment (PDF, image, text), the revision then
// points at it. Written with the draft; a new file is a new upload (attachments never change).

export const DOCUMENT_FILE: FormExtra = {
  values: { file_label: '' },
  validate: () => ({}),
  // attachment_id is a declared field the form already sends; the label is the screen's own.
  payload: () => ({}),
  render: (form) => {
    const id = Number(form.values.attachment_id);
    const label = typeof form.values.file_label === 'string' ? form.values.file_label : '';
    return (
      <AttachmentField
        label="File"
        value={id > 0 ? { id, file_name: label || 'The revision’s file' } : null}
        onUploaded={(meta) => {
          form.setFieldValue('attachment_id', meta.id);
          form.setFieldValue('file_label', meta.file_name);
        }}
      />
    );
  },
};
