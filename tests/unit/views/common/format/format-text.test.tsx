import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrencyText } from '../../../../../src/views/common/format/currency-text.tsx';
import { DateText } from '../../../../../src/views/common/format/date-text.tsx';
import { ActiveBadge, YesNoText } from '../../../../../src/views/common/format/flag-text.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';

afterEach(cleanup);

describe('CurrencyText', () => {
  it('shows CAD with two decimals', () => {
    renderWithMantine(<CurrencyText value="1234.5" />);
    expect(screen.getByText('$1,234.50')).toBeTruthy();
  });

  it('marks negative amounts red and others not', () => {
    renderWithMantine(
      <>
        <CurrencyText value={-3.2} />
        <CurrencyText value={3.2} />
      </>,
    );
    expect(screen.getByText('-$3.20').getAttribute('style')).toContain('red');
    expect(screen.getByText('$3.20').getAttribute('style') ?? '').not.toContain('red');
  });
});

describe('DateText', () => {
  it('shows MM/DD/YYYY in a <time> carrying the ISO date', () => {
    renderWithMantine(<DateText value="2024-03-05 14:07:09" />);
    const time = screen.getByText('03/05/2024');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2024-03-05');
  });

  it('adds the time when asked', () => {
    renderWithMantine(<DateText value="2024-03-05 14:07:09" withTime />);
    expect(screen.getByText('03/05/2024 14:07:09').getAttribute('datetime')).toBe(
      '2024-03-05T14:07:09',
    );
  });

  it('renders nothing for an empty or invalid date', () => {
    const { container } = renderWithMantine(<DateText value="" />);
    expect(container.querySelector('time')).toBeNull();
  });
});

describe('flag text', () => {
  it('shows 1/0 as Yes/No and Active/Inactive', () => {
    renderWithMantine(
      <>
        <YesNoText value={1} />
        <ActiveBadge value={0} />
      </>,
    );
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
  });

  it('shows nothing for an unknown flag', () => {
    const { container } = renderWithMantine(<ActiveBadge value={null} />);
    expect(container.querySelector('.mantine-Badge-root')).toBeNull();
  });
});
