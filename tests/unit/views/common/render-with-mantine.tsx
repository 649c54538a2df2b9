import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../../../../src/views/theme.ts';

/** Renders `ui` inside the product's Mantine theme; env="test" turns off transitions
 * and portals so dropdowns are in the tree and visible at once. */
export function renderWithMantine(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}
