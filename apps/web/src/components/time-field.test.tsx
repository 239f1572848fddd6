import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProviders } from '../app/theme-providers';
import { i18n, initI18n } from '../lib/i18n';
import { TimeField } from './time-field';

initI18n('en');

function Harness({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <ThemeProviders>
      <TimeField label="Start time" required value={value} onChange={setValue} error={Boolean(error)} helperText={error} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('15:00')}>
        Usual times
      </button>
    </ThemeProviders>
  );
}

const input = () => screen.getByRole('textbox', { name: /^Start time/ });
const value = () => screen.getByTestId('value').textContent;

describe('the one time field', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en-AU', '13:30', 'For example 08:30 or 13:30'],
    ['en-NZ', '13:30', 'For example 08:30 or 13:30'],
    ['en-GB', '13:30', 'For example 08:30 or 13:30'],
    ['en', '13:30', 'For example 08:30 or 13:30'],
    ['en-US', '1:30 PM', 'For example 8:30 AM or 13:30'],
    ['en-CA', '1:30 PM', 'For example 8:30 AM or 13:30'],
  ])('in %s is a labelled text field showing 13:30 as %s, never the native time input', async (locale, shown, hint) => {
    await i18n.changeLanguage(locale);
    render(<Harness initial="13:30" />);
    expect(input()).toHaveAttribute('type', 'text');
    expect(input()).toBeRequired();
    expect(input()).toHaveValue(shown);
    expect(input()).toHaveAccessibleDescription(hint);
  });

  it('reads the 12-hour form shown in Canada and the 24-hour one, handing on HH:mm, and shows it back on leaving', async () => {
    await i18n.changeLanguage('en-CA');
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '3:15 pm' } });
    expect(value()).toBe('15:15');
    fireEvent.blur(input());
    expect(input()).toHaveValue('3:15 PM');
    fireEvent.change(input(), { target: { value: '13:30' } });
    expect(value()).toBe('13:30');
    fireEvent.blur(input());
    expect(input()).toHaveValue('1:30 PM');
  });

  it('hands on what is no time as typed (the form refuses it) and keeps it shown', async () => {
    await i18n.changeLanguage('en-AU');
    render(<Harness initial="08:30" error="Please enter a valid time" />);
    fireEvent.change(input(), { target: { value: '25:00' } });
    expect(value()).toBe('25:00');
    fireEvent.blur(input());
    expect(input()).toHaveValue('25:00');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription('Please enter a valid time');
  });

  it('moves by five minutes with the arrow keys', async () => {
    await i18n.changeLanguage('en-AU');
    render(<Harness initial="08:32" />);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(value()).toBe('08:35');
    expect(input()).toHaveValue('08:35');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(value()).toBe('08:25');
  });

  it('shows a value set from outside in the locale’s form', async () => {
    await i18n.changeLanguage('en-US');
    render(<Harness initial="08:30" />);
    fireEvent.change(input(), { target: { value: '9:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Usual times' }));
    expect(input()).toHaveValue('3:00 PM');
  });
});
