import { cleanup, render, within } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '../../../../src/api/request.ts';
import { TRANSFERS } from '../../../../src/domain/entities/stock/transfers.entity.ts';
import { statusColor } from '../../../../src/domain/status-colors.ts';
import { allowedTransferActions } from '../../../../src/machines/workflows/transfer.machine.ts';
import { ReadOnlyRecord } from '../../../../src/views/common/entity-form/read-only-record.tsx';
import { defaultLayout, gridFields } from '../../../../src/views/common/grid/column-layout.ts';
import { gridColumns } from '../../../../src/views/common/grid/grid-columns.tsx';
import { inTheApp, renderDocumentActions } from './entity/render-document-actions.tsx';

// Once, "Received" was green in the transfers list and blue on the transfer's form. A
// list cell, the form's action bar and a read-only record now tag a status alike.

afterEach(cleanup);

const badgeIn = (root: HTMLElement, text: string) => {
  const badge = within(root).getByText(text).closest('.mantine-Badge-root');
  if (!badge) throw new Error(`no tag reading ${text}`);
  return badge;
};

/** The status tag the transfers grid draws in a cell holding `status`. */
function listCell(status: string) {
  const column = gridColumns(gridFields(TRANSFERS), defaultLayout(TRANSFERS)).find(
    (c) => c.colId === 'status',
  );
  const Cell = column?.cellRenderer as ComponentType<Record<string, unknown>>;
  const { container } = render(
    inTheApp(
      null,
      vi.fn() as unknown as Request,
      createElement(Cell, { ...(column?.cellRendererParams as object), value: status }),
    ),
  );
  return container;
}

describe('one status colour in lists and forms', () => {
  it.each(['received', 'partially_received', 'in_transit'])(
    'tags a %s transfer the same in its list cell, its form bar and its read-only record',
    async (status) => {
      const label = within(listCell(status)).getByText(/./).textContent ?? '';
      const cell = badgeIn(document.body, label);
      const { bar } = await renderDocumentActions(
        TRANSFERS,
        { id: 1, number: 'TR-00001', version: 1, status },
        allowedTransferActions,
        { id: 5, roles: ['inventory'] },
      );
      const formTag = badgeIn(bar, label);
      const { container } = render(
        inTheApp(
          null,
          vi.fn() as unknown as Request,
          <ReadOnlyRecord
            fields={TRANSFERS.fields.filter((f) => f.name === 'status')}
            row={{ id: 1, version: 1, seq: 1, status }}
          />,
        ),
      );
      const recordTag = badgeIn(container, label);

      // Sizes differ (a cell is small, the bar's tag large); the colour must not.
      const colorOf = (badge: Element) =>
        (badge.getAttribute('style') ?? '').match(/--badge-(bg|color): [^;]+/g)?.join('; ');
      expect(colorOf(cell)).toContain(`--mantine-color-${statusColor(status)}-light`);
      expect(colorOf(formTag)).toBe(colorOf(cell));
      expect(colorOf(recordTag)).toBe(colorOf(cell));
    },
  );
});
