import { Group, Text } from '@mantine/core';

export const APP_TITLE = 'Plantline';

/** The mark (public/logo.svg) with the product name beside it. */
export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <img
        src="/logo.svg"
        width={size}
        height={size}
        alt=""
        style={
          inverted
            ? { borderRadius: size * 0.22, boxShadow: '0 0 0 2px rgba(255,255,255,0.85)' }
            : undefined
        }
      />
      <Text
        fw={700}
        fz={size * 0.6}
        c={inverted ? 'white' : 'dark.7'}
        lh={1}
        style={{ letterSpacing: -0.3 }}
      >
        {APP_TITLE}
      </Text>
    </Group>
  );
}
