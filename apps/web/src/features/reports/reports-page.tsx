import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { allClients, hasPermission, type PermissionTree } from '@portal/contract/permissions';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/query-state';
import { localNow } from '../../lib/local-clock';
import { localeFormat } from '../../lib/locale-format';
import { useProfile } from '../../lib/profile';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { termsLocationId, useReportTerms } from './api/get-report-terms';
import { FillSections, useFillReports } from './components/fill-reports';
import { PeriodPicker } from './components/period-picker';
import { ReportSummary } from './components/report-summary';
import { SpendSections, useSpendReports, type School } from './components/spend-reports';
import { spendCurrencies } from './report-model';
import { periodBasis, resolvePeriod, type DateRange, type PeriodKind } from './report-period';
import './reports-print.css';

/** The selected schools where the contact holds a permission (at the school or one of its locations). */
function schoolsWith(tree: PermissionTree, selected: readonly number[], scope: 'accounts' | 'booking'): School[] {
  return allClients(tree)
    .filter((client) => selected.includes(client.clientId))
    .filter((client) => hasPermission(tree, { scope, action: 'view', level: 'client_and_below' }, { clientId: client.clientId }))
    .map((client) => ({ clientId: client.clientId, name: client.clientName }));
}

/** The period asked for: this term until another is chosen; custom dates as typed (both needed to ask). */
function usePeriod() {
  const [kind, setKind] = useState<PeriodKind>('thisTerm');
  const [custom, setCustom] = useState<Partial<DateRange>>({});
  return { kind, custom, setKind, setCustom };
}

/**
 * Reports: spend (accounts view) by month, classification and reason for absence, and how bookings were filled
 * (booking view) over time and by weekday, for the schools selected in the header and a period. Each chart has its
 * figures in a table beside it, a CSV of its report, and the page prints without the app's frame.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  usePageTitle(t('title'));
  const locale = i18n.language;
  const tree = useProfile().data?.links;
  const selected = useSelectedClientIds();
  const today = localNow().toISODate()!;

  const spendSchools = useMemo(() => (tree ? schoolsWith(tree, selected, 'accounts') : []), [tree, selected]);
  const fillSchools = useMemo(() => (tree ? schoolsWith(tree, selected, 'booking') : []), [tree, selected]);
  const showSpend = spendSchools.length > 0;
  const showFill = fillSchools.length > 0;

  const termsAt = tree ? termsLocationId(tree, selected) : undefined;
  const { terms, settled } = useReportTerms(termsAt, today);
  const basis = periodBasis(terms, today);
  const period = usePeriod();
  // While the terms load, a term period waits for them rather than asking for a quarter first.
  const waiting = !settled && (period.kind === 'thisTerm' || period.kind === 'lastTerm');
  const resolved = waiting ? undefined : resolvePeriod(period.kind, today, terms, period.custom);
  const range = resolved ? { from: resolved.from, to: resolved.to } : undefined;

  const spend = useSpendReports(spendSchools, range, showSpend);
  const fill = useFillReports(
    fillSchools.map((school) => school.clientId),
    range,
    showFill,
  );
  const currencies = spendCurrencies(spend.byClassification.data?.totals ?? [], locale);
  const [chosenCurrency, setCurrency] = useState<string | undefined>();
  const currency =
    chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? localeFormat(locale).currency);
  const termSchool = allClients(tree ?? { groups: [], clients: [] }).find((client) => client.clientId === selected[0])?.clientName;

  return (
    <Stack spacing={3} className="reports-page" data-print="reports">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <div>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('description')}</Typography>
          <Typography className="report-print-only" sx={{ display: 'none', mt: 1 }}>
            {[...spendSchools, ...fillSchools]
              .filter((school, index, all) => all.findIndex((each) => each.clientId === school.clientId) === index)
              .map((school) => school.name)
              .join(', ')}
          </Typography>
        </div>
        {(showSpend || showFill) && (
          <Button variant="outlined" className="report-no-print" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
            {t('print')}
          </Button>
        )}
      </Box>

      {!showSpend && !showFill ? (
        tree && (
          <EmptyState icon={<AssessmentOutlinedIcon />} title={t('noAccess.title')} body={t('noAccess.body')} testId="reports-no-access" />
        )
      ) : (
        <>
          <Box className="report-controls" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <PeriodPicker
              kind={period.kind}
              basis={basis}
              custom={period.custom}
              resolved={resolved}
              onKind={period.setKind}
              onCustom={period.setCustom}
            />
            {showSpend && currencies.length > 1 && (
              <TextField
                select
                size="small"
                label={t('currency')}
                value={currency}
                onChange={(event) => setCurrency(event.target.value)}
                sx={{ minWidth: 120 }}
              >
                {currencies.map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          {(period.kind === 'thisTerm' || period.kind === 'lastTerm') && settled && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: '8px !important' }} data-testid="report-basis">
              {basis === 'terms' && termSchool ? t('period.termsOf', { school: termSchool }) : t('period.quartersNote')}
            </Typography>
          )}
          {range && (
            <>
              <ReportSummary
                spend={spend.byClassification.data?.totals.find((total) => total.currency === currency)}
                spendLoaded={spend.byClassification.isSuccess}
                currency={currency}
                fill={fill.overTime.data?.totals}
                showSpend={showSpend}
                showFill={showFill}
                locale={locale}
              />
              {showSpend && (
                <Alert severity="info" variant="outlined" sx={{ py: 0 }} className="report-tax-note">
                  {t('taxNote', { tax: t(`tax.${localeFormat(locale).taxLabel}`) })}
                </Alert>
              )}
              {showSpend && <SpendSections reports={spend} schools={spendSchools} range={range} currency={currency} locale={locale} />}
              {showFill && <FillSections reports={fill} range={range} locale={locale} />}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
