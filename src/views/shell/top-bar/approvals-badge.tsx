import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { canVisit } from '../../../domain/route-visibility.ts';
import { useUser } from '../../session/use-session.ts';
import { useApprovalCount } from './use-approval-count.ts';

// The top bar's way into the approval inbox (docs/journeys.md "Approvals"), with the live count of
// what waits for the person's decision. Only approvers have it: the inbox is their page.

export const APPROVALS_PATH = '/approvals';

function LiveBadge() {
  const state = useApprovalCount();
  const count = state.status === 'loading' ? null : (state.work?.count ?? null);
  const label = count === null ? 'Approvals' : `Approvals: ${count} waiting for your decision`;
  return (
    <Tooltip label={label}>
      <Indicator
        label={count ?? ''}
        size={16}
        offset={4}
        disabled={!count}
        color="red"
        data-testid="approvals-count"
        data-count={count ?? ''}
      >
        <ActionIcon
          component={Link}
          to={APPROVALS_PATH}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          data-testid="approvals-badge"
        >
          <IconChecklist size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

export function ApprovalsBadge() {
  const user = useUser();
  return canVisit(APPROVALS_PATH, user) ? <LiveBadge /> : null;
}
