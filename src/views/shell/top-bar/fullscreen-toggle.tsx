import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Full screen for wall displays; browsers without the API get the spec's warning. */
export function FullscreenToggle() {
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      notifications.show({
        color: 'yellow',
        title: 'Warning',
        message: 'you browser can not work',
        autoClose: 10_000,
      });
      return;
    }
    const change = active
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    change.catch(() => undefined);
  };

  return (
    <Tooltip label={active ? 'Exit full screen' : 'Full screen'}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Full screen" onClick={toggle}>
        {active ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
