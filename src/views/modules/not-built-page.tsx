import {
  Badge,
  Breadcrumbs,
  Code,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useLocation } from 'react-router-dom';
import { isModule, MODULE_LABELS } from '../../domain/module-labels.ts';
import { RouteIcon } from '../shell/route-icon.tsx';
import { useRouteMetaHandle } from './route-handle.ts';

/**
 * The stand-in for every screen not built yet: it names the route so testers can check the
 * menu, the guard and the breadcrumb end to end before the real screen lands.
 */
export function NotBuiltPage() {
  const { pathname } = useLocation();
  const handle = useRouteMetaHandle();
  const meta = handle?.meta;
  const module = meta?.module && isModule(meta.module) ? MODULE_LABELS[meta.module] : undefined;

  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="xl" data-testid="not-built-page">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light">
            <RouteIcon name={meta?.icon} size={28} />
          </ThemeIcon>
          <div>
            {handle && handle.parents.length > 0 && (
              <Breadcrumbs separator="›" separatorMargin={4}>
                {handle.parents.map((p) => (
                  <Text key={p.name} size="xs" c="dimmed">
                    {p.title}
                  </Text>
                ))}
              </Breadcrumbs>
            )}
            <Title order={2} fz={22}>
              {meta?.title ?? 'This screen'}
            </Title>
          </div>
          <Badge ml="auto" variant="light" color="yellow" leftSection={<IconHammer size={12} />}>
            Not built yet
          </Badge>
        </Group>
        <Text c="dimmed">
          This screen is on the plan but has not been built yet. The route, its menu entry and its
          access rules are in place.
        </Text>
        <Stack gap={4}>
          <Text size="sm">
            Route <Code>{meta?.path ?? pathname}</Code>
            {meta && pathname !== meta.path && (
              <>
                {' '}
                opened as <Code>{pathname}</Code>
              </>
            )}
          </Text>
          {module && (
            <Text size="sm" c="dimmed">
              Module: {module}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
