import type { z } from 'zod';
import type { InvoicesQuery } from '@portal/contract/invoices';
import {
  AGEING_BUCKETS,
  ageingBucketOf,
  currentPageOf,
  TAX_LABELS,
  toMajor,
  type AgeingRow,
  type InvoiceDetailsResponse,
  type InvoicesAgeingResponse,
  type InvoicesResponse,
  type InvoiceSummary,
  type TaxLabel,
} from '@portal/contract/invoices';
import { allClients, scopeOf, type PermissionTree } from '@portal/contract/permissions';
import { providerContactFor } from '@portal/contract/provider-contacts';
import { daysOverdue, daysPastDue, invoiceStatusFilter, invoiceStatusOf, overdueCutOff } from '@portal/contract/invoices/overdue';
import { todayIn } from '@portal/contract/school-days';
import type { ProviderContacts } from '@portal/contract/runtime-config';
import type { DbOrTx } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import { EXPORT_BATCH_SIZE, keysetBatches } from '../../lib/csv-export';
import type { Versioned, VersionedAnswers, VersionedPage } from '../../lib/versioned-answers';
import type { VersionedSnapshots } from '../../lib/versioned-snapshots';
import { invoicePageOf, invoiceSnapshot } from './invoice-snapshots';
import type { OutstandingInvoicesCountResponse } from '@portal/contract/dashboard';
import { forbidden, visibleClientIds } from '../data-scope/data-scope';
import { countUnpaidInvoices } from './invoice-counts.repository';
import type { ProviderEntities, ProviderPaymentDetails } from '../../config';
import { postalLines } from '@portal/contract/invoices/document';
import { INVOICE_LINE_UNITS, type InvoiceLineUnit } from '@portal/contract/invoices/lines';
import { invoiceFileName, invoicePdf } from './invoice-pdf';
import { providerEntity, providerPaymentDetails, type PartyAddress } from './provider-entities';
import {
  clientAddress,
  findInvoice,
  invoiceLines,
  invoicesAfter,
  listInvoices,
  locateInvoice,
  outstandingByDueDate,
  type ClientToday,
  type InvoiceFilter,
  type InvoiceKeysetRow,
  type InvoiceRow,
} from './invoices.repository';

/**
 * Invoices. Access is accounts view at the client itself (or its group, inherited): invoices belong to a
 * client, not a location. Every client asked for must grant it (else 403); none asked: every client that does.
 * An invoice of a client outside the caller's accounts view is 403 (spec §8: the web handles that status), an
 * unknown number or id 404.
 */

export const INVOICE_NOT_FOUND = 'There is no such invoice.';
export const INVOICE_PDF_FAILED = 'The invoice PDF could not be made just now. Please try again in a moment.';

type Tree = PermissionTree;
type Parsed = z.output<typeof InvoicesQuery>;

/** A stored line's unit ('day', 'half_day', 'hour'); anything else was written as days. */
const lineUnit = (unit: string): InvoiceLineUnit =>
  (INVOICE_LINE_UNITS as readonly string[]).includes(unit) ? (unit as InvoiceLineUnit) : 'day';

/** Which invoices of the clients a status selects, each client's overdue cut-off from its own today. */
function filterOf(clients: readonly ClientToday[], status: Parsed['status']): InvoiceFilter {
  const { paid, dueBeforeCutOff } = invoiceStatusFilter(status);
  return { paid, clients: clients.map((c) => ({ clientId: c.clientId, dueBefore: dueBeforeCutOff ? overdueCutOff(c.today) : null })) };
}

/** An invoice as the list answers it, overdue or not on its client's today. */
function summary(r: InvoiceRow, today: string): InvoiceSummary {
  const facts = { dueDate: r.due_date, paidAt: r.paid_at };
  const status = invoiceStatusOf(facts, today);
  return {
    id: r.id,
    invoiceNo: r.invoice_no,
    clientId: r.client_id,
    clientName: r.client_name,
    locale: r.locale,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    currency: r.currency,
    taxLabel: (TAX_LABELS as readonly string[]).includes(r.tax_label) ? (r.tax_label as TaxLabel) : 'Tax',
    subtotal: toMajor(r.subtotal_minor),
    tax: toMajor(r.tax_minor),
    total: toMajor(r.total_minor),
    subtotalMinor: r.subtotal_minor,
    taxMinor: r.tax_minor,
    totalMinor: r.total_minor,
    isPaid: r.paid_at !== null,
    paidAt: r.paid_at,
    isOverdue: status === 'overdue',
    daysOverdue: daysOverdue(facts, today),
    status,
  };
}

/** The summaries of rows of the clients, each on its client's today. */
function summaries(clients: readonly ClientToday[]): (rows: readonly InvoiceRow[]) => InvoiceSummary[] {
  const todayOf = new Map(clients.map((c) => [c.clientId, c.today]));
  return (rows) => rows.map((r) => summary(r, todayOf.get(r.client_id) ?? forbiddenClient()));
}

function forbiddenClient(): never {
  throw forbidden();
}

export class InvoicesService {
  constructor(
    private readonly db: DbOrTx,
    private readonly now: () => Date,
    private readonly providerContacts: ProviderContacts,
    private readonly providerEntities: ProviderEntities,
    private readonly answers: VersionedAnswers,
    private readonly snapshots: VersionedSnapshots,
    private readonly paymentDetails: ProviderPaymentDetails = {},
    private readonly render: typeof invoicePdf = invoicePdf,
  ) {}

  /** The clients asked for (all must grant accounts view) or all that do, each with its today. */
  private accountsClients(tree: Tree, requested: readonly number[] | undefined): ClientToday[] {
    const clients = allClients(tree);
    if (requested && requested.some((id) => !clients.some((c) => c.clientId === id))) throw forbidden();
    const granted = scopeOf(tree, 'accounts', 'view', requested).clientIds;
    if (granted.length === 0 || (requested && granted.length !== new Set(requested).size)) throw forbidden();
    const now = this.now();
    return granted.map((clientId) => {
      const zone = clients.find((c) => c.clientId === clientId)?.locations[0]?.timeZone ?? 'UTC';
      return { clientId, today: todayIn(zone, now) };
    });
  }

  /** The ids of the clients asked for, each granting accounts view (else 403), or every client that does: the list's scope (reports). */
  accountsClientIds(tree: Tree, requested: readonly number[] | undefined): number[] {
    return this.accountsClients(tree, requested).map((c) => c.clientId);
  }

  private clientToday(tree: Tree, clientId: number): ClientToday {
    return this.accountsClients(tree, undefined).find((c) => c.clientId === clientId) ?? this.denied();
  }

  private denied(): never {
    throw forbidden();
  }

  /**
   * GET /v1/invoices as a versioned answer (docs/decisions/009): it depends on the invoices and names of the
   * clients asked for and on each client's today (overdue), which the key holds. Its versions are those of every
   * client of the caller's accounts view, selected or not, so that the page may be cut from their invoices' snapshot
   * (docs/decisions/033).
   */
  async listAnswer(tree: Tree, query: Parsed): Promise<VersionedPage<InvoicesResponse>> {
    const clients = this.accountsClients(tree, query.clientIds);
    // Every client of the accounts view (its todays are not needed: the snapshot holds rows, the filter the cut-offs).
    const whole = scopeOf(tree, 'accounts', 'view').clientIds;
    const { status, sort, skip, take } = query;
    const load = async (versions: string) => {
      const filter = filterOf(clients, status);
      const snapshot = await invoiceSnapshot(this.snapshots, this.db, whole, versions);
      const { rows, total } = snapshot
        ? invoicePageOf(snapshot, filter, sort, skip, take)
        : await listInvoices(this.db, { filter, sort, skip, take });
      return {
        answer: { invoices: summaries(clients)(rows), total, currentPage: currentPageOf(skip, take) },
        pagination: { total, skip, take },
      };
    };
    // The clients by id: their order in the tree (by name) is not the answer's (keyText).
    const byId = [...clients].sort((a, b) => a.clientId - b.clientId);
    return this.answers.versioned(['invoices', byId, status ?? null, sort, skip, take], whole, load);
  }

  /**
   * GET /v1/invoices as CSV: every invoice the list's filters match, in its sort (skip and take aside), read a keyset
   * page at a time. The clients are decided now (403 before anything is sent); the pages are read as they are written.
   */
  exportBatches(tree: Tree, query: Parsed, pageSize = EXPORT_BATCH_SIZE): AsyncIterable<readonly InvoiceSummary[]> {
    const clients = this.accountsClients(tree, query.clientIds);
    const { status, sort } = query;
    return keysetBatches(
      (last: InvoiceKeysetRow | undefined) =>
        invoicesAfter(this.db, { filter: filterOf(clients, status), sort, after: last?.keyset, limit: pageSize }),
      summaries(clients),
      pageSize,
    );
  }

  /**
   * GET /v1/invoices/outstanding-invoices-count (spec §7) as a versioned answer: the unpaid invoices of the clients
   * where the caller holds accounts view at the client (invoices belong to a client: accounts view at one location
   * alone does not open them); 403 when there is none. It reads only their invoices, and no clock.
   */
  async outstandingCountAnswer(tree: Tree, requested: number[] | undefined): Promise<Versioned<OutstandingInvoicesCountResponse>> {
    const scope = scopeOf(tree, 'accounts', 'view', visibleClientIds(tree, requested));
    if (scope.clientIds.length === 0) this.denied();
    return this.answers.versioned(['outstanding-invoices-count', scope.clientIds], scope.clientIds, async () => ({
      outstandingInvoicesCount: await countUnpaidInvoices(this.db, scope.clientIds),
    }));
  }

  /** The invoice's id and its client's today: 404 for an unknown invoice, 403 for one of a client outside the caller's accounts view. */
  private async locate(tree: Tree, by: { invoiceNo: string } | { id: number }): Promise<{ id: number; client: ClientToday }> {
    const located = await locateInvoice(this.db, by);
    if (!located) throw new AppError('not-found', { detail: INVOICE_NOT_FOUND });
    return { id: located.id, client: this.clientToday(tree, located.client_id) };
  }

  private async load(tree: Tree, by: { invoiceNo: string } | { id: number }): Promise<InvoiceDetailsResponse> {
    const { id, client } = await this.locate(tree, by);
    const [row, lines] = await Promise.all([findInvoice(this.db, id), invoiceLines(this.db, id)]);
    if (!row) throw new AppError('not-found', { detail: INVOICE_NOT_FOUND });
    return {
      ...summary(row, client.today),
      taxRatePercent: row.tax_rate_basis_points / 100,
      paymentDetails: providerPaymentDetails(this.paymentDetails, row.locale),
      lines: lines.map((l) => ({
        id: l.id,
        candidateId: l.candidate_id,
        candidateName: l.candidate_name,
        description: l.description,
        serviceDates: l.service_dates,
        quantity: l.quantity,
        unit: lineUnit(l.unit),
        unitPrice: toMajor(l.unit_price_minor),
        amount: toMajor(l.amount_minor),
        tax: toMajor(l.tax_minor),
        unitPriceMinor: l.unit_price_minor,
        amountMinor: l.amount_minor,
        taxMinor: l.tax_minor,
      })),
    };
  }

  /** GET /v1/invoices/GetInvoice/{invoiceNo} */
  details(tree: Tree, invoiceNo: string): Promise<InvoiceDetailsResponse> {
    return this.load(tree, { invoiceNo });
  }

  /** GetInvoice's invoice without its lines or payment details (its summary), refused as GetInvoice refuses. */
  async summaryOf(tree: Tree, invoiceNo: string): Promise<InvoiceSummary> {
    const { id, client } = await this.locate(tree, { invoiceNo });
    const row = await findInvoice(this.db, id);
    if (!row) throw new AppError('not-found', { detail: INVOICE_NOT_FOUND });
    return summary(row, client.today);
  }

  /** GET /v1/invoices/{id}/file: the whole PDF is made before anything is sent; a failure is a problem, never half a file. */
  async file(tree: Tree, id: number): Promise<{ pdf: Buffer; fileName: string; renderMs: number }> {
    const invoice = await this.load(tree, { id });
    const address = await clientAddress(this.db, invoice.clientId);
    const client: PartyAddress = {
      name: invoice.clientName,
      lines: address ? postalLines({ ...address, line1: address.address_line1, line2: address.address_line2 }, invoice.locale) : [],
    };
    const provider = providerEntity(this.providerEntities, invoice.locale, providerContactFor(this.providerContacts, invoice.locale));
    const started = performance.now();
    let pdf: Buffer;
    try {
      pdf = await this.render(invoice, provider, client);
    } catch (cause) {
      throw new AppError('internal', { detail: INVOICE_PDF_FAILED, internal: `invoice ${id} PDF failed`, cause });
    }
    if (pdf.length < 100 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw new AppError('internal', { detail: INVOICE_PDF_FAILED, internal: `invoice ${id} PDF is not a PDF` });
    }
    return { pdf, fileName: invoiceFileName(invoice), renderMs: performance.now() - started };
  }

  /** GET /v1/invoices/ageing: unpaid totals per currency in the contract's buckets. */
  async ageing(tree: Tree, clientIds: readonly number[] | undefined): Promise<InvoicesAgeingResponse> {
    const clients = this.accountsClients(tree, clientIds);
    const rows = await outstandingByDueDate(this.db, clients);
    const byCurrency = new Map<string, AgeingRow>();
    for (const r of rows) {
      let row = byCurrency.get(r.currency);
      if (!row) {
        row = { currency: r.currency, total: 0, totalMinor: 0, invoiceCount: 0 } as AgeingRow;
        for (const b of AGEING_BUCKETS) {
          row[b.key] = 0;
          row[`${b.key}Minor`] = 0;
        }
        byCurrency.set(r.currency, row);
      }
      const key = ageingBucketOf(daysPastDue(r.due_date, r.today));
      row[`${key}Minor`] += r.total_minor;
      row.totalMinor += r.total_minor;
      row.invoiceCount += r.n;
    }
    const currencies = [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
    for (const row of currencies) {
      for (const b of AGEING_BUCKETS) row[b.key] = toMajor(row[`${b.key}Minor`]);
      row.total = toMajor(row.totalMinor);
    }
    return { currencies };
  }
}
