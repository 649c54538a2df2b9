import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HPLC_REQUESTS } from '../../../../../src/domain/entities/production/hplc-requests.entity.ts';
import { FieldFacts } from '../../../../../src/views/common/entity-form/field-facts.tsx';
import { ReadOnlyRecord } from '../../../../../src/views/common/entity-form/read-only-record.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// A record read in a drawer or on its page says its values as the grid does (docs/product.md §9): a
// moment MM/DD/YYYY HH:mm:ss in the browser's time, never the wire's ISO text.

afterEach(cleanup);

const REQUESTED_AT = '2026-11-22T23:30:47.485Z';

/** The moment as a person reads it, written out by hand from the Date's local fields. */
function localMoment(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()} ` +
    `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
  );
}

const request: EntityRow = {
  id: 4,
  version: 2,
  seq: 1,
  number: 'HR-00004',
  sample_no: 1200,
  reason: 'batch_release',
  nominal_mg: 3,
  measured_mg: '2.9504',
  created_at: REQUESTED_AT,
};

function valueUnder(label: string): string {
  const labelNode = screen.getByText(label, { exact: true });
  return labelNode.nextElementSibling?.textContent ?? '';
}

describe('a record read, not edited', () => {
  it('says its moments MM/DD/YYYY HH:mm:ss and its numbers grouped with their decimals', () => {
    const fields = HPLC_REQUESTS.fields.filter((f) =>
      ['number', 'sample_no', 'measured_mg', 'created_at'].includes(f.name),
    );
    renderWithMantine(<ReadOnlyRecord fields={fields} row={request} />);
    const record = screen.getByLabelText('Record details');
    expect(within(record).queryByText(/2026-11-2\dT/)).toBeNull();
    expect(valueUnder('Requested')).toBe(localMoment(REQUESTED_AT));
    expect(valueUnder('Sample')).toBe('1,200');
    expect(valueUnder('Measured mg')).toBe('2.950');
  });

  it('in a drawer’s facts too, under the labels the entity declares or the drawer gives', () => {
    renderWithMantine(
      <FieldFacts
        entity={HPLC_REQUESTS}
        names={['created_at', ['nominal_mg', 'Nominal'], 'reason', 'tested_at']}
        row={request}
      />,
    );
    expect(valueUnder('Requested')).toBe(localMoment(REQUESTED_AT));
    expect(valueUnder('Nominal')).toBe('3.000');
    expect(valueUnder('Reason')).not.toContain('_');
    expect(valueUnder('Tested')).toBe('—');
  });
});
