import { Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { LOADING_IMAGE_PX, LOADING_TEXT } from '../../../domain/constants.ts';
import { selectIsLoading } from '../../../machines/ui/loading.machine.ts';
import { useServices } from '../../services.context.ts';

// Spec §1, §9: white full-screen overlay, a 150 × 150 loading image and 'loading...', shown
// while the shared loading flag is on.
export function LoadingOverlay() {
  const { loading } = useServices();
  const visible = useSelector(loading, selectIsLoading);
  if (!visible) return null;
  return (
    <Stack
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      align="center"
      justify="center"
      gap="xs"
      pos="fixed"
      inset={0}
      bg="white"
      style={{ zIndex: 1000 }}
    >
      <img src="/loading.svg" width={LOADING_IMAGE_PX} height={LOADING_IMAGE_PX} alt="" />
      <Text c="dimmed" size="sm">
        {LOADING_TEXT}
      </Text>
    </Stack>
  );
}
