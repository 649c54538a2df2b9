import { Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip, IconUpload } from '@tabler/icons-react';
import {
  ATTACHMENT_ACCEPT,
  DEFAULT_ATTACHMENT_MAX_BYTES,
} from '../../../domain/attachments/attachment-rules.ts';
import { INVOICE_FILE_STATUSES } from '../../../domain/entities/purchase/invoice-files.ts';
import { formatInteger } from '../../../domain/formats/number.format.ts';
import type { InvoiceFilesModel } from './use-invoice-files.ts';

// The supplier's invoice files on /invoice/{id}: each listed with its size and a Download
// button (saved, never shown inline), and "Attach file", a real button, so Tab reaches it and
// Enter or Space opens the file chooser. Unsaved edits of a draft are saved first: attaching
// moves the invoice's version.

export function InvoiceFiles({
  model,
  status,
  unsaved,
}: {
  model: InvoiceFilesModel;
  status: string;
  /** The form holds edits not yet saved. */
  unsaved: boolean;
}) {
  const open = INVOICE_FILE_STATUSES.includes(status);
  const busy = model.progress !== null;
  return (
    <Stack gap={6} aria-label="Supplier's invoice files" role="region">
      <Title order={5}>Supplier&apos;s invoice files</Title>
      {model.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No file attached yet
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {model.files.map((file) => (
            <Group key={file.id} gap="xs" wrap="nowrap" component="li">
              <IconPaperclip size={16} aria-hidden />
              <Text size="sm" data-testid="invoice-file-name">
                {file.file_name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatInteger(Math.max(1, Math.round(file.size_bytes / 1024)))} KB
                {file.attached_by_name ? ` · ${file.attached_by_name}` : ''}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconDownload size={14} />}
                onClick={() => model.download(file)}
                aria-label={`Download ${file.file_name}`}
              >
                Download
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {open && (
        <Group gap="xs">
          <FileButton onChange={model.attach} accept={ATTACHMENT_ACCEPT} disabled={unsaved || busy}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={busy}
                disabled={unsaved}
              >
                Attach file
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {unsaved
              ? 'Save the invoice before attaching a file'
              : `PDF, PNG, JPEG, text or CSV, up to ${DEFAULT_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB`}
          </Text>
        </Group>
      )}
      {busy && <Progress value={model.progress ?? 0} size="xs" aria-label="Upload progress" />}
      {model.error && (
        <Text size="xs" c="red" role="alert">
          {model.error}
        </Text>
      )}
    </Stack>
  );
}
