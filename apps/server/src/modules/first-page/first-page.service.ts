import type { BookingLocation } from '@portal/contract/booking-reference';
import { homeAccess, homeShowsCounts } from '@portal/contract/dashboard';
import type { Locale } from '@portal/contract/domain';
import { InvoiceNoParams, type InvoiceSummary } from '@portal/contract/invoices';
import { quickBookDay, type QuickBook } from '@portal/contract/next-school-day';
import { allClients } from '@portal/contract/permissions';
import { addDays } from '@portal/contract/query-params';
import { todayIn } from '@portal/contract/school-days';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { permissionRefusal, resolvePermission } from '../../plugins/route-permission';
import type { BookingReferenceService } from '../bookings/booking-reference.service';
import type { PageTokens } from '../identity/page-tokens';
import type { PrincipalCache } from '../identity/principal-cache';
import type { InvoicesService } from '../invoices/invoices.service';

/** The parts of Home's first screen the server draws (index.html's frame shows each by a class of the same name). */
export type HomePart = 'period' | 'layouts' | 'book' | 'choose';

/** What Home's first screen shows for a contact, as the web app's Home will draw it for the same contact. */
export interface HomeFirstPage {
  locale: Locale;
  firstName: string;
  parts: HomePart[];
  /** The clients the page assumes selected: all of the contact's (what an empty selection means, spec §4). */
  clientIds: number[];
  /** With `book`: the one location's name and usual times, and the day its button offers. */
  book?: { location: Pick<BookingLocation, 'locationName' | 'startTime' | 'endTime'>; offer: QuickBook };
}

/** An invoice's first screen: the invoice as the contact's own call (GetInvoice) answers it, in the contact's locale. */
export interface InvoiceFirstPage {
  locale: Locale;
  /** What the frame shows of it: GetInvoice's answer but its lines and payment details. */
  invoice: InvoiceSummary;
}

/** What the invoice's page calls (spec §7 GetInvoice): the first screen draws only what that call would answer. */
const INVOICE_DETAILS = resolvePermission('invoiceDetails');

/** The span of public holidays the quick-book card reads, as the web app asks for it: from yesterday, a year on. */
const HOLIDAY_SPAN_DAYS = 366;

/**
 * The first page the server draws into a cold start's HTML (decision 035): Home's heading, greeting and quick-book
 * card, for a browser whose first-page cookie names a sign-in that still holds. Every decision is the one the web
 * app makes (the contract's homeAccess and quickBookDay, the booking reference service's answers), so the app draws
 * the same page over it.
 */
export class FirstPageService {
  constructor(
    private readonly deps: {
      pages: PageTokens;
      principals: PrincipalCache;
      bookingReference: BookingReferenceService;
      invoices: Pick<InvoicesService, 'summaryOf'>;
      now: Clock;
    },
  ) {}

  /** The cookie's contact and its tree, or undefined: no valid cookie, or a sign-in that has ended. */
  private async signedIn(pageToken: string | undefined) {
    const claims = await this.deps.pages.verify(pageToken);
    if (!claims) return undefined;
    const { principals } = this.deps;
    const [contact, active] = await Promise.all([principals.contact(claims.contactId), principals.familyActive(claims.familyId)]);
    // Signed out, a password changed or reset, or the sign-in ended: as the API refuses its access tokens.
    if (!contact || !active || contact.tokenVersion !== claims.version) return undefined;
    return { contact, tree: await principals.tree(contact.id) };
  }

  /** Home for the cookie's contact, or undefined: no valid cookie, a sign-in that has ended, or no client to show. */
  async home(pageToken: string | undefined): Promise<HomeFirstPage | undefined> {
    const signedIn = await this.signedIn(pageToken);
    if (!signedIn) return undefined;
    const { contact, tree } = signedIn;
    const clientIds = [...new Set(allClients(tree).map((client) => client.clientId))].sort((a, b) => a - b);
    if (clientIds.length === 0) return undefined;
    const access = homeAccess(tree, clientIds);
    const parts: HomePart[] = [];
    if (access.bookings) parts.push('period');
    if (homeShowsCounts(access)) parts.push('layouts');
    const page: HomeFirstPage = { locale: contact.language, firstName: contact.firstName, parts, clientIds };
    if (access.createBookings) {
      const locations = await this.deps.bookingReference.locations(tree, contact.id);
      if (locations.length > 1) parts.push('choose');
      const [location] = locations;
      if (locations.length === 1 && location) {
        const now = this.deps.now();
        const fromLocal = addDays(todayIn(location.timeZone, now), -1);
        const [holidays, blocks] = await Promise.all([
          this.deps.bookingReference.publicHolidays(tree, location.locationId, {
            fromLocal,
            toLocal: addDays(fromLocal, HOLIDAY_SPAN_DAYS),
          }),
          this.deps.bookingReference.blocks(tree, location.locationId),
        ]);
        parts.push('book');
        page.book = { location, offer: quickBookDay({ now, location, holidays, blocks }) };
      }
    }
    return page;
  }

  /**
   * The invoice `invoiceNo` for the cookie's contact, or undefined: no valid cookie, a sign-in that has ended, or an
   * invoice its own call would not answer (no such invoice, another client's, no permission to see invoices).
   */
  async invoice(pageToken: string | undefined, invoiceNo: string): Promise<InvoiceFirstPage | undefined> {
    if (!InvoiceNoParams.safeParse({ invoiceNo }).success) return undefined;
    const signedIn = await this.signedIn(pageToken);
    if (!signedIn) return undefined;
    const { contact, tree } = signedIn;
    if ((await permissionRefusal(INVOICE_DETAILS, contact, () => Promise.resolve(tree))) !== undefined) return undefined;
    try {
      return { locale: contact.language, invoice: await this.deps.invoices.summaryOf(tree, invoiceNo) };
    } catch (error) {
      if (error instanceof AppError && (error.status === 403 || error.status === 404)) return undefined;
      throw error;
    }
  }
}
