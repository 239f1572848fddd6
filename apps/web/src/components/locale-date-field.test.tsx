import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeProviders } from '../app/theme-providers';
import { i18n, initI18n } from '../lib/i18n';
import { dateFieldText, dateFieldValue, LocaleDateField } from './locale-date-field';

initI18n('en');

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <ThemeProviders>
      <LocaleDateField label="Date" value={value} onChange={setValue} min="2026-03-01" />
      <output data-testid="value">{value}</output>
    </ThemeProviders>
  );
}

describe('the locale-aware date field', () => {
  it('shows and reads dates as the locale does (spec §5 accepted forms), handing on ISO', () => {
    expect(dateFieldText('2026-03-05', 'en-AU')).toBe('05/03/2026');
    expect(dateFieldText('2026-03-05', 'en-US')).toBe('03/05/2026');
    expect(dateFieldValue('05/03/2026', 'en-AU')).toBe('2026-03-05');
    expect(dateFieldValue('05-03-26', 'en-AU')).toBe('2026-03-05');
    expect(dateFieldValue('03/05/2026', 'en-US')).toBe('2026-03-05');
    expect(dateFieldValue('2026/03/05', 'en-AU')).toBe('2026-03-05');
    expect(dateFieldValue('31/02/2026', 'en-AU')).toBe('31/02/2026');
    expect(dateFieldValue('  ', 'en-AU')).toBe('');
  });

  describe('for an en-AU user', () => {
    beforeEach(async () => {
      await i18n.changeLanguage('en-AU');
    });
    afterEach(async () => {
      await i18n.changeLanguage('en');
    });

    it('is a text field in DD/MM/YYYY, not the browser’s native (mm/dd/yyyy) date input', () => {
      render(<Harness initial="2026-03-05" />);
      const input = screen.getByLabelText('Date');
      expect(input).toHaveAttribute('type', 'text');
      expect(input).toHaveValue('05/03/2026');
      expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
      expect(input).toHaveAttribute('min', '2026-03-01');
    });

    it('reads 04/03/2026 as 4 March, and shows an ISO entry back in the locale’s form', () => {
      render(<Harness />);
      const input = screen.getByLabelText('Date');
      fireEvent.change(input, { target: { value: '04/03/2026' } });
      expect(screen.getByTestId('value')).toHaveTextContent('2026-03-04');
      fireEvent.change(input, { target: { value: '2026-03-09' } });
      fireEvent.blur(input);
      expect(screen.getByTestId('value')).toHaveTextContent('2026-03-09');
      expect(input).toHaveValue('09/03/2026');
      fireEvent.change(input, { target: { value: '13/13/2026' } });
      expect(screen.getByTestId('value')).toHaveTextContent('13/13/2026');
      expect(input).toHaveValue('13/13/2026');
    });
  });
});
