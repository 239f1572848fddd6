import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface MultiSelectOption<T extends string | number> {
  value: T;
  label: string;
}

const SELECT_ALL = '__select_all__';

/**
 * Spec §2: a multiple-choice select with a 'Select All' entry. Choosing Select All selects every option, or
 * clears them when all are already selected. `minSelected` keeps at least that many chosen (the client
 * selector needs one).
 */
export function MultiSelect<T extends string | number>({
  label,
  options,
  value,
  onChange,
  minSelected = 0,
  size = 'small',
  sx,
}: {
  label: string;
  options: readonly MultiSelectOption<T>[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  minSelected?: number;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const allSelected = options.length > 0 && options.every((option) => value.includes(option.value));
  const someSelected = !allSelected && value.length > 0;

  const handleChange = (event: SelectChangeEvent<Array<T | typeof SELECT_ALL>>) => {
    const raw = event.target.value;
    const chosen = (typeof raw === 'string' ? raw.split(',') : raw) as Array<T | typeof SELECT_ALL>;
    let next: T[];
    if (chosen.includes(SELECT_ALL)) next = allSelected ? [] : options.map((option) => option.value);
    else next = options.filter((option) => chosen.includes(option.value)).map((option) => option.value);
    if (next.length < minSelected) return;
    onChange(next);
  };

  const renderValue = () => {
    if (allSelected) return t('multiSelect.all');
    if (value.length === 1) return options.find((option) => option.value === value[0])?.label ?? '';
    return t('multiSelect.count', { count: value.length });
  };

  return (
    <FormControl size={size} sx={sx}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select<Array<T | typeof SELECT_ALL>>
        labelId={`${id}-label`}
        id={id}
        multiple
        value={[...value]}
        onChange={handleChange}
        input={<OutlinedInput label={label} />}
        renderValue={renderValue}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 420 } } } }}
      >
        <MenuItem value={SELECT_ALL} disabled={minSelected > 0 && allSelected}>
          <Checkbox size="small" checked={allSelected} indeterminate={someSelected} slotProps={{ input: { 'aria-hidden': true } }} />
          <ListItemText primary={t('multiSelect.selectAll')} />
        </MenuItem>
        <Divider />
        {options.map((option) => (
          <MenuItem key={String(option.value)} value={option.value}>
            <Checkbox size="small" checked={value.includes(option.value)} slotProps={{ input: { 'aria-hidden': true } }} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
