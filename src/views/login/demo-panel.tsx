import { Badge, Code, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
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
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Demo accounts
          </Text>
          <Badge variant="light" size="sm">
            demo
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Click a name to fill the form. Password for every account: <Code>{password}</Code>
        </Text>
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
      </Stack>
    </Paper>
  );
}
