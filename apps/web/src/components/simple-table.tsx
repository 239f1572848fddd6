import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SimpleTableColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * Spec §2: a simple table whose rows can be removed, with an undo for the last removal. The table owns only the
 * undo; the rows are the caller's (`onChange` gets the new list).
 */
export function SimpleTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  onChange,
}: {
  label: string;
  columns: readonly SimpleTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowLabel: (row: Row) => string;
  onChange: (rows: Row[]) => void;
}) {
  const { t } = useTranslation();
  const [removed, setRemoved] = useState<{ row: Row; index: number } | null>(null);
  return (
    <>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align ?? 'left'}>
                {column.header}
              </TableCell>
            ))}
            <TableCell align="right">
              <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {t('simpleTable.actions')}
              </span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align ?? 'left'}>
                  {column.cell(row)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ width: 56 }}>
                <IconButton
                  size="small"
                  aria-label={t('simpleTable.remove', { name: rowLabel(row) })}
                  onClick={() => {
                    setRemoved({ row, index });
                    onChange(rows.filter((_, position) => position !== index));
                  }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {removed && (
        <Alert
          severity="info"
          sx={{ mt: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                const next = [...rows];
                next.splice(Math.min(removed.index, next.length), 0, removed.row);
                setRemoved(null);
                onChange(next);
              }}
            >
              {t('simpleTable.undo')}
            </Button>
          }
        >
          {t('simpleTable.removed', { name: rowLabel(removed.row) })}
        </Alert>
      )}
    </>
  );
}
