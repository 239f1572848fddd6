import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ExportCsvButton, type ExportCsvButtonProps } from '../../../components/export-csv-button';

export interface ReportSectionProps {
  id: string;
  title: string;
  description?: string;
  /** The CSV of this section's report (the same query, `Accept: text/csv`); left out while there is nothing. */
  exportCsv?: Pick<ExportCsvButtonProps, 'path' | 'query' | 'fallbackName'>;
  loading?: string;
  error?: { message: string; onRetry?: () => void };
  /** Nothing to show: the empty state instead of the chart and table. */
  empty?: ReactNode;
  chart?: ReactNode;
  table?: ReactNode;
  /**
   * 'side': the table beside the chart on a wide screen (a few columns); 'stacked': the table under the chart (a
   * column per school, or the counts behind a fill rate, need the page's width).
   */
  layout?: 'side' | 'stacked';
}

/**
 * One report: its title, its CSV, and its chart beside its table (one above the other on a narrow screen and on
 * paper). Loading, a failure and nothing to show take the place of both.
 */
export function ReportSection({
  id,
  title,
  description,
  exportCsv,
  loading,
  error,
  empty,
  chart,
  table,
  layout = 'side',
}: ReportSectionProps) {
  const headingId = `${id}-heading`;
  const body = loading ? (
    <LoadingState label={loading} sx={{ py: 4, justifyContent: 'center' }} />
  ) : error ? (
    <ErrorState message={error.message} {...(error.onRetry ? { onRetry: error.onRetry } : {})} />
  ) : empty ? (
    <Box sx={{ py: 3 }}>{empty}</Box>
  ) : (
    <Box
      className="report-body"
      sx={{
        display: 'grid',
        gap: { xs: 2, lg: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: layout === 'side' ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      {chart}
      {table}
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={id}
      className="report-section"
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <div>
          <Typography variant="h2" id={headingId} sx={{ fontSize: '1.125rem' }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </div>
        {exportCsv && !loading && !error && !empty && (
          <Box className="report-no-print">
            <ExportCsvButton size="small" {...exportCsv} />
          </Box>
        )}
      </Box>
      {body}
    </Paper>
  );
}
