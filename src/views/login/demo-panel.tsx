import { Code, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AppConfig } from '../../api/auth.types.ts';
import classes from './demo-panel.module.css';

export interface DemoPanelProps {
  demo: AppConfig['demo'];
  onPick: (username: string, password: string) => void;
}

/** Demo accounts from GET /api/config; picking one fills the form. Hidden when demo is off. */
export function DemoPanel({ demo, onPick }: DemoPanelProps) {
  if (!demo.enabled || demo.usernames.length === 0) return null;
  const password = demo.password ?? '';
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" aria-label="Demo accounts" component="section">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Demo accounts
          </Text>
          <Text size="xs" c="dimmed">
            password <Code>{password}</Code>
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          One account per role. Click a name to fill the form.
        </Text>
        <ScrollArea.Autosize mah={136} type="auto" offsetScrollbars>
          <Group gap={6}>
            {demo.usernames.map((username) => (
              <UnstyledButton
                key={username}
                className={classes.chip}
                onClick={() => onPick(username, password)}
              >
                {username}
              </UnstyledButton>
            ))}
          </Group>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
