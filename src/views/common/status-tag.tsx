import { Badge, type BadgeProps } from '@mantine/core';
import { statusLabel, statusTagType, type StatusTagType } from '../../domain/status-tags.ts';

// The coloured tag of a business status (spec §4). The colour family comes from the domain
// rule so every module, and the server's reports, agree on what "warning" means.

/** Mantine colour of each tag type: warning orange, success green, info the theme blue. */
export const STATUS_TAG_COLORS: Record<StatusTagType, string> = {
  warning: 'orange',
  success: 'green',
  info: 'blue',
};

export interface StatusTagProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** Status code or text, e.g. 'partially_allocated' or 'In Progress'. */
  status: string | null | undefined;
  /** Text to show instead of the label derived from the status. */
  label?: string;
}

export function StatusTag({ status, label, variant = 'light', ...badge }: StatusTagProps) {
  const type = statusTagType(status);
  const text = label ?? statusLabel(status);
  if (text === '') return null;
  return (
    <Badge
      color={STATUS_TAG_COLORS[type]}
      variant={variant}
      tt="none"
      data-tag-type={type}
      {...badge}
    >
      {text}
    </Badge>
  );
}
