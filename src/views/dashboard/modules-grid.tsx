import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { isModule, MODULE_LABELS } from '../../domain/modules.ts';
import { initials } from '../common/initials.ts';

function label(module: string): string {
  return isModule(module) ? MODULE_LABELS[module] : module;
}

/** One card per module enabled for the user (spec §1). */
export function ModulesGrid({ modules }: { modules: readonly string[] }) {
  // People look for a module by its name, not by its code.
  const byName = [...modules].sort((a, b) => label(a).localeCompare(label(b)));
  return (
    <section aria-label="Enabled modules">
      <Text fw={600} mb="sm">
        Enabled modules{' '}
        <Text span c="dimmed" fw={400}>
          · {modules.length}
        </Text>
      </Text>
      {modules.length === 0 ? (
        <Text c="dimmed" size="sm">
          No modules are enabled for this account yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {byName.map((module) => (
            <Card key={module} withBorder radius="md" padding="md" data-testid="module-card">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size={38} radius="md">
                  <Text fw={700} size="sm">
                    {initials(label(module).replace(/[^A-Za-z ]/g, ' '))}
                  </Text>
                </ThemeIcon>
                <div>
                  <Text fw={600} size="sm">
                    {label(module)}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {module}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
