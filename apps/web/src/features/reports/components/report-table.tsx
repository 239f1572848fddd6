import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { Category } from '../report-model';

export interface ReportColumn {
  key: string;
  header: string;
  /** One per category, in their order, already formatted. */
  cells: string[];
  /** The column's total, when it adds up. */
  total?: string;
}

export interface ReportTableProps {
  /** Names the table for assistive technology (the section's title). */
  caption: string;
  categoryHeader: string;
  categories: Category[];
  columns: ReportColumn[];
  /** The footer row's first cell ('Total'), shown when any column has a total. */
  totalLabel?: string;
  testId?: string;
}

/**
 * The figures of a chart as a table: the row headers are the chart's categories, a column per series (and the
 * figures the chart leaves out, such as days and hours). Scrolls sideways on a narrow screen rather than squeezing.
 */
export function ReportTable({ caption, categoryHeader, categories, columns, totalLabel, testId }: ReportTableProps) {
  const hasTotals = totalLabel !== undefined && columns.some((column) => column.total !== undefined);
  // Months, weeks and weekdays stay on one line; names (classifications, reasons) wrap.
  const shortLabels = categories.every((category) => category.label.length <= 12);
  const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ maxWidth: '100%', '@media print': { overflow: 'visible' } }}>
      <Table size="small" data-testid={testId}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {categoryHeader}
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} component="th" scope="col" sx={numeric}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {categories.map((category, row) => (
            <TableRow key={category.key}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500, ...(shortLabels ? { whiteSpace: 'nowrap' } : {}) }}>
                {category.label}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.key} sx={numeric}>
                  {column.cells[row]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {hasTotals && (
          <TableFooter>
            <TableRow sx={{ '& > *': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } }}>
              <TableCell component="th" scope="row">
                {totalLabel}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.key} sx={numeric}>
                  {column.total ?? ''}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
