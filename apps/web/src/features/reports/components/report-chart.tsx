import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ChartModel } from '../report-model';
import { usePrinting } from '../use-printing';

/** CSS pixels across a printed page: A4 (and Letter) less the print stylesheet's margins, with a little room. */
const PRINT_WIDTH = 660;

export type ChartKind = 'columns' | 'bars' | 'line';

export interface ReportChartProps {
  model: ChartModel;
  kind: ChartKind;
  /** How a value reads on the axis and in the tooltip (money, a percentage). */
  format: (value: number) => string;
  /** A shorter form for the value axis (whole currency units). */
  axisFormat?: (value: number) => string;
  /** Series stacked in one column per category (spend of each school in a month). */
  stacked?: boolean;
  /** The value axis' top, when it has one (a fill rate's 100). */
  max?: number;
  height?: number;
}

/**
 * The room a horizontal bar chart keeps for its labels: the longest label's (about 7 px a character, and the tick's
 * own room), up to a share of a phone's width.
 */
function labelRoom(model: ChartModel, narrow: boolean): number {
  const longest = Math.max(0, ...model.categories.map((category) => category.label.length));
  return Math.min(narrow ? 120 : 200, Math.max(60, longest * 7 + 12));
}

/**
 * A report's chart (MUI X Charts), drawn from the same model as its table. It is hidden from assistive technology:
 * the table beside it holds the same figures, and is what a screen reader reads.
 */
export function ReportChart({ model, kind, format, axisFormat = format, stacked = false, max, height = 280 }: ReportChartProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // On paper the chart is drawn at the page's width (A4 or Letter less margins), not shrunk from the screen's.
  const width = usePrinting() ? PRINT_WIDTH : undefined;
  const sized = width ? { width } : {};
  const single = model.series.length === 1;
  const labels = model.categories.map((category) => category.label);
  const series = model.series.map((each) => ({
    id: each.id,
    label: each.label,
    data: each.values,
    valueFormatter: (value: number | null) => (value === null ? '—' : format(value)),
    ...(single ? { color: theme.palette.primary.main } : {}),
    ...(stacked ? { stack: 'total' } : {}),
  }));
  // Five or so steps on the value axis, however wide the chart is printed.
  const valueAxis = { valueFormatter: (value: number) => axisFormat(value), tickNumber: 5, ...(max !== undefined ? { min: 0, max } : {}) };

  return (
    <Box aria-hidden="true" data-testid="report-chart" sx={{ width: '100%', minWidth: 0, '@media print': { breakInside: 'avoid' } }}>
      {kind === 'line' ? (
        <LineChart
          {...sized}
          height={height}
          skipAnimation
          disableKeyboardNavigation
          hideLegend={single}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ ...valueAxis, width: 48 }]}
          series={series.map((each) => ({ ...each, showMark: true, connectNulls: false, area: false }))}
          grid={{ horizontal: true }}
          margin={{ right: 32, top: 16 }}
        />
      ) : kind === 'bars' ? (
        <BarChart
          {...sized}
          height={Math.max(height, model.categories.length * 36 + 60)}
          skipAnimation
          disableKeyboardNavigation
          layout="horizontal"
          hideLegend={single}
          yAxis={[{ scaleType: 'band', data: labels, width: labelRoom(model, narrow) }]}
          xAxis={[valueAxis]}
          series={series}
          grid={{ vertical: true }}
          margin={{ right: 32, top: 16 }}
        />
      ) : (
        <BarChart
          {...sized}
          height={height}
          skipAnimation
          disableKeyboardNavigation
          hideLegend={single}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ ...valueAxis, width: 64 }]}
          series={series}
          grid={{ horizontal: true }}
          margin={{ right: 16, top: 16 }}
        />
      )}
    </Box>
  );
}
