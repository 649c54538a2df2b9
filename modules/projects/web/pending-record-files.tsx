import { Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { attachRecordFile } from './api/record-files.api.ts';
import { uploadAttachment } from '../../../src/api/attachments.api.ts';
import type { Request } from '../../../src/api/request.ts';
import {
  ATTACHMENT_ACCEPT,
  DEFAULT_ATTACHMENT_MAX_BYTES,
} from '../../../src/domain/attachments/attachment-rules.ts';
import { formatInteger } from '../../../src/domain/formats/number.format.ts';
import { notify } from '../../../src/views/common/notify.tsx';
import { uploadRefusal } from '../../../src/views/common/upload-refusal.ts';

// Files chosen for a time record not saved yet (docs/domain/projects.md §9): held by the
// drawer and listed, then uploaded and attached once the save has made the record, since a
// file goes on a record with its version. A record is not saved early as a draft to take
// them: hours nobody entered yet would show in the project's totals and reports meanwhile.

const MAX_MB = DEFAULT_ATTACHMENT_MAX_BYTES / (1024 * 1024);

export function PendingRecordFiles({
  files,
  onChange,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const add = (file: File | null) => {
    if (!file) return;
    // The server decides; a file it would refuse for its size is told now, not after the save.
    if (file.size > DEFAULT_ATTACHMENT_MAX_BYTES) {
      setError(`${file.name} is larger than the ${MAX_MB} MB limit`);
      return;
    }
    setError(null);
    onChange([...files, file]);
  };
  return (
    <Stack gap={6} aria-label="Files" role="region">
      <Title order={5}>Files</Title>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No file chosen yet
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {files.map((file, i) => (
            <Group key={`${file.name}-${i}`} gap="xs" wrap="nowrap" component="li">
              <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text
                size="sm"
                truncate="end"
                style={{ flex: 1, minWidth: 0 }}
                data-testid="record-file-name"
              >
                {file.name} · {formatInteger(Math.max(1, Math.round(file.size / 1024)))} KB
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs">
        <FileButton onChange={add} accept={ATTACHMENT_ACCEPT}>
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />}>
              Attach file
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Attached when the time record is saved · PDF, PNG, JPEG, text or CSV, up to {MAX_MB} MB
        </Text>
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * After the save made the record: each held file uploaded and attached in turn, each attach
 * with the version the one before answered. A file refused is told by name; the others still go.
 */
export async function attachHeldFiles(
  request: Request,
  record: { id: number; version: number },
  files: readonly File[],
): Promise<void> {
  let version = record.version;
  const attached: string[] = [];
  for (const file of files) {
    try {
      const meta = await uploadAttachment(file);
      version = (await attachRecordFile(request, record.id, version, meta.id)).version;
      attached.push(file.name);
    } catch (failure) {
      notify.error(`${file.name}: ${uploadRefusal(failure)}`, 'File not attached');
    }
  }
  if (attached.length > 0) {
    notify.success(`${attached.join(', ')} attached to the time record`, 'Files attached');
  }
}
