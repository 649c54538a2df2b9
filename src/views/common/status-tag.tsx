import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor } from '../../domain/status-colors.ts';
import { statusLabel, statusTagType } from '../../domain/status-tags.ts';

// The coloured tag of a business status (docs/product.md §4). The colour comes from the domain's
// one status colour map, so a list cell, a form's bar, a dashboard card and the server's reports
// agree on what a status looks like. A tag is never cut short ("Do…" for Done): it keeps the
// width of its words in a narrow cell or a crowded row, which wraps around it instead.

export interface StatusTagProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** Status code or text, e.g. 'partially_allocated' or 'In Progress'. */
  status: string | null | undefined;
  /** Text to show instead of the label derived from the status. */
  label?: string;
}

const WHOLE = {
  root: { flexShrink: 0, minWidth: 'max-content', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

export function StatusTag({ status, label, variant = 'light', ...badge }: StatusTagProps) {
  const text = label ?? statusLabel(status);
  if (text === '') return null;
  return (
    <Badge
      color={statusColor(status)}
      variant={variant}
      tt="none"
      data-tag-type={statusTagType(status)}
      styles={WHOLE}
      {...badge}
    >
      {text}
    </Badge>
  );
}
