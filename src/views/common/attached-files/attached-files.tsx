import { Box, Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  ATTACHMENT_ACCEPT,
  DEFAULT_ATTACHMENT_MAX_BYTES,
} from '../../../domain/attachments/attachment-rules.ts';
import { formatInteger } from '../../../domain/formats/number.format.ts';
import { notify } from '../notify.tsx';
import type { AttachedFilesModel } from './use-attached-files.ts';

// A document's files: each listed with its size and who attached it, a Download button (saved,
// never shown inline) and, where files may go again, Remove (after a confirmation); "Attach
// file" is a real button, so Tab reaches it and Enter or Space opens the file chooser. Unsaved
// edits are saved first: attaching moves the document's version.

export type AttachedFilesProps = {
  title: string;
  model: AttachedFilesModel;
  /** The document takes files now (an open invoice, a record of an open project). */
  editable: boolean;
  /** The form holds edits not yet saved. */
  unsaved: boolean;
  /** Shown instead of the accepted types while `unsaved`. */
  unsavedHint: string;
  /** The test id of each file's name. */
  nameTestId?: string;
};

export function AttachedFiles({
  title,
  model,
  editable,
  unsaved,
  unsavedHint,
  nameTestId = 'attached-file-name',
}: AttachedFilesProps) {
  const busy = model.progress !== null || model.removing;
  const remove = editable ? model.remove : null;
  return (
    <Stack gap={6} aria-label={title} role="region">
      <Title order={5}>{title}</Title>
      {model.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No file attached yet
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {model.files.map((file) => (
            <Group key={file.id} gap="xs" wrap="nowrap" component="li">
              <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
              {/* Name over its size and uploader, so the buttons keep their room in a drawer. */}
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" truncate="end" data-testid={nameTestId}>
                  {file.file_name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {formatInteger(Math.max(1, Math.round(file.size_bytes / 1024)))} KB
                  {file.attached_by_name ? ` · ${file.attached_by_name}` : ''}
                </Text>
              </Box>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconDownload size={14} />}
                style={{ flexShrink: 0 }}
                onClick={() => model.download(file)}
                aria-label={`Download ${file.file_name}`}
              >
                Download
              </Button>
              {remove && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  style={{ flexShrink: 0 }}
                  disabled={unsaved || busy}
                  onClick={() =>
                    notify.confirm('Remove', `Remove ${file.file_name}?`, () => remove(file))
                  }
                  aria-label={`Remove ${file.file_name}`}
                >
                  Remove
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {editable && (
        <Group gap="xs">
          <FileButton onChange={model.attach} accept={ATTACHMENT_ACCEPT} disabled={unsaved || busy}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={model.progress !== null}
                disabled={unsaved || model.removing}
              >
                Attach file
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {unsaved
              ? unsavedHint
              : `PDF, PNG, JPEG, text or CSV, up to ${DEFAULT_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB`}
          </Text>
        </Group>
      )}
      {model.progress !== null && (
        <Progress value={model.progress} size="xs" aria-label="Upload progress" />
      )}
      {model.error && (
        <Text size="xs" c="red" role="alert">
          {model.error}
        </Text>
      )}
    </Stack>
  );
}
