import { Stack, Text } from '@mantine/core';

// Spec §1, §9: white full-screen overlay, a 150 × 150 loading image and 'loading...'.
export function LoadingOverlay({ visible = true }: { visible?: boolean }) {
  if (!visible) return null;
  return (
    <Stack
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      gap="xs"
      pos="fixed"
      inset={0}
      bg="white"
      style={{ zIndex: 1000 }}
    >
      <img src="/loading.svg" width={150} height={150} alt="" />
      <Text c="dimmed" size="sm">
        loading...
      </Text>
    </Stack>
  );
}
