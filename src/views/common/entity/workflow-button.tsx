import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import type { Consequence } from '../../../machines/workflows/action-consequence.ts';

// One workflow button styled by what it does (action-consequence.ts): the forward step
// filled in the theme colour, side steps plain, destructive ones red. A step the person may
// not take now stays visible, greyed, saying why on hover.

/** How each consequence looks: one filled button per bar, red only for what ends a course. */
export const CONSEQUENCE_LOOK: Record<Consequence, Pick<ButtonProps, 'variant' | 'color'>> = {
  primary: { variant: 'filled' },
  neutral: { variant: 'default' },
  danger: { variant: 'light', color: 'red' },
};

export interface WorkflowButtonProps {
  consequence: Consequence;
  /** Off: refused (by a guard or the person's role) or another event is being sent. */
  off: boolean;
  /** Why it is refused, shown on hover; null when it is not. */
  reason: string | null;
  loading?: boolean;
  size?: ButtonProps['size'];
  onPress: () => void;
  children: ReactNode;
}

export function WorkflowButton({
  consequence,
  off,
  reason,
  loading,
  size = 'xs',
  onPress,
  children,
}: WorkflowButtonProps) {
  // `data-disabled`, not `disabled`: a disabled button gets no hover, so the tooltip saying
  // why it is off would never show (Mantine's advice for Button with Tooltip).
  return (
    <Tooltip label={reason} disabled={!reason}>
      <Button
        size={size}
        {...CONSEQUENCE_LOOK[consequence]}
        data-consequence={consequence}
        data-disabled={off || undefined}
        aria-disabled={off}
        loading={loading}
        onClick={(event: MouseEvent) => (off ? event.preventDefault() : onPress())}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
