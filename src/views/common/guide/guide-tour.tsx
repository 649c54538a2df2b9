import { Button, Group, Popover, Text } from '@mantine/core';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useElementRect } from './use-element-rect.ts';
import { useGuide } from './guides.context.tsx';

// A guided tour (docs/product.md §3 "guide state", §4 "marked read once"): a card beside each
// step's element with Back / Next / Done, shown until the user finishes or skips it. Either marks
// the guide read for good, so it never comes back. Steps whose element is not on the page
// are left out, so one tour can serve layouts that differ by role or screen size.

export interface GuideStep {
  /** CSS selector of the element the step points at, e.g. '[data-guide="route-search"]'. */
  target: string;
  title: string;
  content: ReactNode;
}

export interface GuideTourProps {
  /** Guide id as the server stores it: [a-z0-9][a-z0-9_.-]*, e.g. 'shell.tour'. */
  id: string;
  steps: readonly GuideStep[];
}

export function GuideTour({ id, steps }: GuideTourProps) {
  const { read, markRead } = useGuide(id);
  const [present, setPresent] = useState<readonly GuideStep[]>([]);
  const [index, setIndex] = useState(0);
  const titleId = useId();

  // After mount, so the elements of the page the tour explains are in the DOM.
  useEffect(() => {
    setPresent(steps.filter((step) => document.querySelector(step.target) !== null));
    setIndex(0);
  }, [steps]);

  const step = present[index];
  const rect = useElementRect(read || !step ? null : step.target);
  if (read || !step || !rect) return null;

  const last = index === present.length - 1;
  const next = () => (last ? markRead() : setIndex(index + 1));
  const back = () => setIndex(Math.max(0, index - 1));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') next();
    if (event.key === 'ArrowLeft') back();
  };

  return (
    <Popover
      opened
      position="bottom"
      withArrow
      shadow="md"
      width={300}
      // Escape skips like the Skip button; a stray click elsewhere must not end the tour.
      onDismiss={markRead}
      closeOnClickOutside={false}
      trapFocus
      returnFocus
      // Our own roles: Mantine's would name the dialog after the invisible highlight box.
      withRoles={false}
      zIndex={400}
    >
      <Popover.Target>
        <div
          aria-hidden
          style={{
            position: 'fixed',
            top: rect.top - 4,
            left: rect.left - 4,
            width: rect.width + 8,
            height: rect.height + 8,
            borderRadius: 'var(--mantine-radius-md)',
            outline: '2px solid var(--mantine-primary-color-filled)',
            pointerEvents: 'none',
            zIndex: 399,
          }}
        />
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <Text id={titleId} fw={700} mb={4}>
          {step.title}
        </Text>
        <Text size="sm">{step.content}</Text>
        <Group justify="space-between" mt="md" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {index + 1} of {present.length}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {last ? null : (
              <Button variant="subtle" size="xs" onClick={markRead}>
                Skip
              </Button>
            )}
            {index > 0 ? (
              <Button variant="default" size="xs" onClick={back}>
                Back
              </Button>
            ) : null}
            <Button size="xs" onClick={next} data-autofocus>
              {last ? 'Done' : 'Next'}
            </Button>
          </Group>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
