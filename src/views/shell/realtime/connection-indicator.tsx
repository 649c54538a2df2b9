import { Badge, Tooltip } from '@mantine/core';
import type { ConnectionStatus } from '../../../api/echo-client.ts';
import { useRealtime } from './realtime.context.tsx';

const LOOK: Record<ConnectionStatus, { color: string; label: string }> = {
  connected: { color: 'teal', label: 'connected' },
  connecting: { color: 'yellow', label: 'connecting' },
  reconnecting: { color: 'yellow', label: 'reconnecting' },
  disconnected: { color: 'gray', label: 'disconnected' },
  failed: { color: 'red', label: 'disconnected' },
};

/** The top bar's small realtime indicator: is this screen receiving live updates? */
export function ConnectionIndicator() {
  const status = useRealtime()?.status ?? 'connecting';
  const { color, label } = LOOK[status];
  return (
    <Tooltip label={`Realtime connection: ${status}`}>
      <Badge
        color={color}
        variant="light"
        radius="sm"
        data-testid="realtime-status"
        data-status={status}
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
        style={{ flexShrink: 0 }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
