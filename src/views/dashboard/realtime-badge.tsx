import { Badge } from '@mantine/core';
import type { ConnectionStatus } from '../../api/echo-client.ts';

const LOOK: Record<ConnectionStatus, { color: string; label: string }> = {
  connected: { color: 'teal', label: 'connected' },
  connecting: { color: 'yellow', label: 'connecting' },
  reconnecting: { color: 'yellow', label: 'reconnecting' },
  disconnected: { color: 'gray', label: 'disconnected' },
  failed: { color: 'red', label: 'disconnected' },
};

/** Live connection state of the realtime channel. */
export function RealtimeBadge({ status }: { status: ConnectionStatus }) {
  const { color, label } = LOOK[status];
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      leftSection={
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 7,
            height: 7,
            borderRadius: 7,
            background: 'currentColor',
          }}
        />
      }
      data-testid="realtime-status"
      title="Realtime connection"
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}
