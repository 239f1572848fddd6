import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import { useId } from 'react';

/**
 * The pagination under a list (MUI's TablePagination, as the lists have it). The page size is the browser's own
 * select, labelled by the visible "Rows per page": a phone shows its native picker, and the list's first commit has
 * no MUI menu to mount (whose anchor, set from a ref, re-rendered the select synchronously inside that commit).
 */
export function ListPagination(props: Omit<TablePaginationProps, 'component' | 'slotProps' | 'sx'>) {
  const labelId = useId();
  return (
    <TablePagination
      component="div"
      {...props}
      slotProps={{ select: { native: true, labelId, inputProps: { 'aria-labelledby': labelId } } }}
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
      }}
    />
  );
}
