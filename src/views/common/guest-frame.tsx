import { Box, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './guest-frame.module.css';
import { Logo } from './logo.tsx';

export interface GuestFrameProps {
  /** The brand panel's headline and sentence, beside the form. */
  tagline: string;
  pitch: string;
  /** Width of the form column. */
  width: number;
  children: ReactNode;
}

/** The frame of the pages seen before login (/login, /register): brand panel, then the form. */
export function GuestFrame({ tagline, pitch, width, children }: GuestFrameProps) {
  return (
    <div className={classes.page}>
      <aside className={classes.brand}>
        <Logo size={44} inverted />
        <Box>
          <Title order={2} c="white" fw={600} lh={1.25}>
            {tagline}
          </Title>
          <Text c="white" opacity={0.85} mt="sm" maw={380}>
            {pitch}
          </Text>
        </Box>
        <Text size="xs" c="white" opacity={0.7}>
          Internal operations console · authorised staff only
        </Text>
      </aside>
      <main className={classes.panel}>
        <Stack w="100%" maw={width} gap="lg">
          <img className={classes.mobileLogo} src="/logo.svg" width={44} height={44} alt="" />
          {children}
        </Stack>
      </main>
    </div>
  );
}
