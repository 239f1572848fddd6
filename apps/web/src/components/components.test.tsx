import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProviders } from '../app/theme-providers';
import { initI18n } from '../lib/i18n';
import { registerDebugActivation, resetDebugMode, DEBUG_ACTIVATIONS } from '../lib/debug-mode';
import { setRuntimeConfig } from '../lib/runtime-config';
import { testRuntimeConfig } from '../testing/render';
import { CheckboxList } from './checkbox-list';
import { DebugBar, DEBUG_BAR_HEIGHT } from './debug-bar';
import { DropdownMenu } from './dropdown-menu';
import { GeneralModal } from './general-modal';
import { MultiSelect } from './multi-select';
import { SimpleTable } from './simple-table';
import { AVATAR_SIZES, colourOf, initialsOf, UserAvatar } from './user-avatar';

initI18n('en');
setRuntimeConfig(testRuntimeConfig);
const wrap = (ui: React.ReactElement) => render(<ThemeProviders>{ui}</ThemeProviders>);

describe('GeneralModal', () => {
  it('has a title, a close button, Cancel and actions; closes on outside click', async () => {
    const onClose = vi.fn();
    wrap(
      <GeneralModal open title="Cancel booking" onClose={onClose} dividers actions={<button type="button">Confirm</button>}>
        Body text
      </GeneralModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking' });
    expect(within(dialog).getByText('Body text')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('a persistent modal ignores outside clicks and Escape but still closes with its buttons', async () => {
    const onClose = vi.fn();
    wrap(
      <GeneralModal open persistent title="Required" onClose={onClose}>
        x
      </GeneralModal>,
    );
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('content that scrolls is a region named by the title that the keyboard reaches; content that fits is no tab stop', () => {
    // jsdom lays nothing out: the content's height is what the test says it is.
    const height = vi.spyOn(Element.prototype, 'scrollHeight', 'get');
    const client = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(300);
    try {
      height.mockReturnValue(900);
      const long = wrap(
        <GeneralModal open dividers title="Approve 12 timesheets?" onClose={() => {}}>
          Long list
        </GeneralModal>,
      );
      const region = screen.getByRole('region', { name: 'Approve 12 timesheets?' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(region).toHaveTextContent('Long list');
      long.unmount();

      height.mockReturnValue(300);
      wrap(
        <GeneralModal open dividers title="Approve 2 timesheets?" onClose={() => {}}>
          Short list
        </GeneralModal>,
      );
      expect(screen.queryByRole('region')).toBeNull();
      expect(screen.getByText('Short list')).not.toHaveAttribute('tabindex');
    } finally {
      height.mockRestore();
      client.mockRestore();
    }
  });
});

describe('MultiSelect', () => {
  function Harness({ minSelected = 0, onChange }: { minSelected?: number; onChange: (v: number[]) => void }) {
    const [value, setValue] = useState<number[]>([1]);
    return (
      <MultiSelect
        label="Schools"
        minSelected={minSelected}
        options={[
          { value: 1, label: 'Alpha' },
          { value: 2, label: 'Beta' },
          { value: 3, label: 'Gamma' },
        ]}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('Select All selects every option, and again clears them', async () => {
    const onChange = vi.fn();
    wrap(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Schools' }));
    await userEvent.click(screen.getByRole('option', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 3]);
    await userEvent.click(screen.getByRole('option', { name: 'Select All' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    await userEvent.click(screen.getByRole('option', { name: 'Beta' }));
    expect(onChange).toHaveBeenLastCalledWith([2]);
  });

  it('keeps the minimum selected', async () => {
    const onChange = vi.fn();
    wrap(<Harness minSelected={1} onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Schools' }));
    await userEvent.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('CheckboxList', () => {
  it('emits the selected ids in list order', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [ids, setIds] = useState<string[]>([]);
      return (
        <CheckboxList
          label="Educators"
          items={[
            { id: 'a', label: 'Ana' },
            { id: 'b', label: 'Ben' },
            { id: 'c', label: 'Cai' },
          ]}
          selected={ids}
          onChange={(next) => {
            setIds(next);
            onChange(next);
          }}
        />
      );
    }
    wrap(<Harness />);
    await userEvent.click(screen.getByText('Cai'));
    await userEvent.click(screen.getByText('Ana'));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'c']);
    expect(screen.getByRole('checkbox', { name: 'Ana' })).toBeChecked();
    await userEvent.click(screen.getByText('Cai'));
    expect(onChange).toHaveBeenLastCalledWith(['a']);
  });
});

describe('DropdownMenu', () => {
  it('opens, runs the chosen action and closes', async () => {
    const onSelect = vi.fn();
    wrap(
      <DropdownMenu
        label="Actions"
        items={[
          { key: 'x', label: 'Export', onSelect },
          { key: 'y', label: 'Print', onSelect: () => {}, disabled: true },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Print' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export' }));
    expect(onSelect).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe('UserAvatar', () => {
  it('initials and a colour derived from the name, in the spec sizes', () => {
    expect(initialsOf('Kōwhai Bay School')).toBe('KS');
    expect(initialsOf('aroha')).toBe('A');
    expect(colourOf('Grace Whitfield')).toBe(colourOf('Grace Whitfield'));
    expect(AVATAR_SIZES).toEqual({ xs: 24, sm: 32, md: 40, lg: 56, xl: 62, xxl: 74 });
    const { container } = wrap(<UserAvatar name="Grace Whitfield" size="xl" />);
    const avatar = container.querySelector('.MuiAvatar-root')!;
    expect(avatar).toHaveTextContent('GW');
    expect(getComputedStyle(avatar).width).toBe('62px');
  });
});

describe('SimpleTable', () => {
  it('removes a row and undoes the removal', async () => {
    function Harness() {
      const [rows, setRows] = useState([
        { id: 1, name: 'Ana' },
        { id: 2, name: 'Ben' },
      ]);
      return (
        <SimpleTable
          label="People"
          columns={[{ key: 'name', header: 'Name', cell: (row) => row.name }]}
          rows={rows}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.name}
          onChange={setRows}
        />
      );
    }
    wrap(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ana' }));
    expect(screen.queryByRole('cell', { name: 'Ana' })).toBeNull();
    expect(screen.getByText('Ana removed')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.filter((text) => text === 'Ana' || text === 'Ben')).toEqual(['Ana', 'Ben']);
  });
});

describe('DebugBar', () => {
  it('appears after 10 activations, 24 px high', () => {
    vi.stubEnv('DEV', false);
    resetDebugMode();
    wrap(<DebugBar />);
    expect(screen.queryByTestId('debug-bar')).toBeNull();
    act(() => {
      for (let i = 0; i < DEBUG_ACTIVATIONS - 1; i += 1) registerDebugActivation();
    });
    expect(screen.queryByTestId('debug-bar')).toBeNull();
    act(() => {
      registerDebugActivation();
    });
    expect(screen.getByTestId('debug-bar')).toHaveStyle({ height: `${DEBUG_BAR_HEIGHT}px` });
    resetDebugMode();
    vi.unstubAllEnvs();
  });
});
