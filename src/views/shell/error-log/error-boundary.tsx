import { Alert, Button, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { ErrorLog } from './error-log.store.ts';

type Props = { log: ErrorLog; children: ReactNode; resetKey?: string };
type State = { error: Error | null; resetKey?: string };

/**
 * A view that throws while rendering lands in the error log with its component stack; the
 * rest of the shell keeps working, and moving to another route clears the failure.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.log.add(error, `React render${info.componentStack ?? ''}`);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" title="This screen failed" m="md">
        <Stack gap="xs">
          <Text size="sm">{this.state.error.message}</Text>
          <Text size="xs" c="dimmed">
            The error is in the error log (bug icon in the top bar).
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => this.setState({ error: null })}
            w="fit-content"
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
}
