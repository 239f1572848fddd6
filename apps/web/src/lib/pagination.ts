import { Pagination } from '@portal/contract/bookings';

export type { Pagination };

/** The `x-pagination` header (JSON total/skip/take); when absent or unreadable, what the page itself shows. */
export function readPagination(header: string | null, fallback: { skip: number; take: number; count: number }): Pagination {
  if (header) {
    try {
      const parsed = Pagination.safeParse(JSON.parse(header));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through
    }
  }
  return { total: fallback.skip + fallback.count, skip: fallback.skip, take: fallback.take };
}
