import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { canAccess } from '../../../src/domain/access.ts';
import type { RdSampleHplc } from '../shared/entities/rd-sample-hplc.ts';
import { formatPercent } from '../../../src/domain/formats/percent.format.ts';
import { formatStrength } from '../../../src/domain/formats/nicotine.format.ts';
import { useUser } from '../../../src/views/session/use-session.ts';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';

// The sample's HPLC test on its header: the request, its status and, once the lab entered
// it, the measured nicotine and % of claim. The request links to the lab's queue opened on it
// for the roles that may read that queue (the others would be refused there).

const HPLC_QUEUE = '/production/hplc-requests';

export function RdSampleHplcFact({ hplc }: { hplc: RdSampleHplc | null | undefined }) {
  const user = useUser();
  if (!hplc) return null;
  const tested = hplc.passed !== null;
  const claim =
    hplc.percent_of_claim !== null
      ? `${formatPercent(hplc.percent_of_claim, 1)} of claim`
      : 'nicotine-free limit';
  return (
    <Group gap="xs" mb="sm" data-testid="rd-sample-hplc" aria-label="HPLC test">
      <Text size="sm" fw={600}>
        HPLC
      </Text>
      {canAccess(user.roles, 'production_hplc') ? (
        <Anchor component={Link} to={`${HPLC_QUEUE}?open=${hplc.id}`} size="sm">
          {hplc.number}
        </Anchor>
      ) : (
        <Text size="sm">{hplc.number}</Text>
      )}
      <StatusTag status={hplc.status} />
      {tested && (
        <Text size="sm">
          measured {formatStrength(hplc.measured_mg)} · {claim}
        </Text>
      )}
    </Group>
  );
}
