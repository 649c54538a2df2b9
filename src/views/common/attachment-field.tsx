import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadAttachment, uploadAttachment } from '../../api/attachments.api.ts';
import { errorText } from '../../api/error-text.ts';
import {
  ATTACHMENT_ACCEPT,
  DEFAULT_ATTACHMENT_MAX_BYTES,
  type AttachmentMeta,
} from '../../domain/attachments/attachment-rules.ts';
import { uploadRefusal } from './upload-refusal.ts';

// One file of a form (a CoA, an invoice scan): upload, replace, download. Both buttons are real
// buttons, so Tab reaches them and Enter or Space opens the file chooser or saves the file.
// A file is never shown inline: downloading saves it, as the server's headers insist too.

/** The file held: its name, and its token to download it (null while not known). */
export type AttachmentValue = { token: string | null; file_name: string } | null;

export type AttachmentFieldProps = {
  label: string;
  value: AttachmentValue;
  /** A new upload's metadata; the owner saves the reference. */
  onUploaded: (meta: AttachmentMeta) => void;
  disabled?: boolean;
  required?: boolean;
};

export function AttachmentField({
  label,
  value,
  onUploaded,
  disabled,
  required,
}: AttachmentFieldProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | null) {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const meta = await uploadAttachment(file, (p) =>
        setProgress(p.total > 0 ? (p.loaded / p.total) * 100 : 0),
      );
      onUploaded(meta);
    } catch (failure) {
      // A refused file says why under the field: the type (`in`) or the size (`size`).
      setError(uploadRefusal(failure));
    } finally {
      setProgress(null);
    }
  }

  const token = value?.token ?? null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
        {required && !value ? (
          <Text span c="red" aria-hidden>
            {' *'}
          </Text>
        ) : null}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <IconPaperclip size={16} aria-hidden />
        <Text size="sm" c={value ? undefined : 'dimmed'} data-testid="attachment-name">
          {value ? value.file_name : 'No file'}
        </Text>
        {value && token && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() =>
              void downloadAttachment(token).catch((e: unknown) => setError(errorText(e)))
            }
            aria-label={`Download ${value.file_name}`}
          >
            Download
          </Button>
        )}
        {!disabled && (
          <FileButton onChange={(file) => void upload(file)} accept={ATTACHMENT_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={progress !== null}
                aria-label={value ? `Replace ${label}` : `Upload ${label}`}
              >
                {value ? 'Replace' : 'Upload'}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {progress !== null && <Progress value={progress} size="xs" aria-label="Upload progress" />}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      {!error && value === null && (
        <Text size="xs" c="dimmed">
          PDF, PNG, JPEG, text or CSV, up to {DEFAULT_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB
        </Text>
      )}
    </Stack>
  );
}
