import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusTag } from '../../../../src/views/common/status-tag.tsx';
import { renderWithMantine } from './render-with-mantine.tsx';

afterEach(cleanup);

const tag = (text: string) => screen.getByText(text).closest('.mantine-Badge-root');

describe('StatusTag', () => {
  it.each([
    ['partially_allocated', 'Partially allocated', 'warning', 'orange'],
    ['in_transfer', 'In transfer', 'success', 'green'],
    ['pending', 'Pending', 'info', 'blue'],
  ])('shows %s as "%s" in the %s colour', (status, label, type, color) => {
    renderWithMantine(<StatusTag status={status} />);
    const badge = tag(label);
    expect(badge?.getAttribute('data-tag-type')).toBe(type);
    expect(badge?.getAttribute('style')).toContain(`--mantine-color-${color}`);
  });

  it('reads spaced text the same way as codes', () => {
    renderWithMantine(<StatusTag status="Not In Purchase" />);
    expect(tag('Not in purchase')?.getAttribute('data-tag-type')).toBe('warning');
  });

  it('takes a label of its own and keeps the colour of the status', () => {
    renderWithMantine(<StatusTag status="done" label="Finished" />);
    expect(tag('Finished')?.getAttribute('data-tag-type')).toBe('success');
  });

  it('renders nothing for an empty status', () => {
    const { container } = renderWithMantine(<StatusTag status={null} />);
    expect(container.querySelector('.mantine-Badge-root')).toBeNull();
  });

  it('is never cut short: its words keep their width in a narrow place', () => {
    renderWithMantine(
      <div style={{ width: 20, display: 'flex' }}>
        <StatusTag status="done" />
      </div>,
    );
    const label = screen.getByText('Done');
    expect(getComputedStyle(label).textOverflow).not.toBe('ellipsis');
    expect(getComputedStyle(tag('Done') as Element).minWidth).toBe('max-content');
  });
});
