import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { FEEDBACK_WINDOW_DAYS, PendingFeedbackResponse } from '@portal/contract/feedback';
import { addDays } from '@portal/contract/query-params';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

/** Feedback on completed bookings, on the seeded world at TEST_NOW (Monday 16 March 2026). */

const NOW = new Date(inject('testNow'));
const TODAY = '2026-03-16';
let t: TestApp;
let admin: SignedIn;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  admin = await signIn(t.app, 'group.admin@demo.test');
  [{ clientId }] = (await queryRows<{ clientId: number }>(
    t.database.db,
    sql`select client_id as "clientId" from locations where 'replace_me_feature_enabled' = any(tags) order by id limit 1`,
  )) as [{ clientId: number }];
});
afterAll(async () => {
  await t?.close();
});

const pending = (who: SignedIn, id = clientId) =>
  t.app.inject({ method: 'GET', url: `/v1/feedbacks/getBookingsPendingFeedback?clientId=${id}`, headers: who.headers });
const quick = (who: SignedIn, bookingId: number, payload: Record<string, unknown> = { rating: 5, wouldRebook: true, comment: 'Great' }) =>
  t.app.inject({ method: 'POST', url: `/v1/bookings/${bookingId}/quick-feedback`, headers: who.headers, payload });

describe('bookings pending feedback', () => {
  it('lists the client’s completed bookings with an educator of the last 30 days, cached 5 minutes', async () => {
    const res = await pending(admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const items = PendingFeedbackResponse.parse(res.json());
    expect(items.length).toBeGreaterThan(0);
    const from = addDays(TODAY, -FEEDBACK_WINDOW_DAYS);
    for (const item of items) expect(item.dateLocal >= from && item.dateLocal <= TODAY).toBe(true);
    const [expected] = await queryRows<{ n: number; done: number }>(
      t.database.db,
      sql`select count(*)::int as n, count(*) filter (where feedback_completed)::int as done from bookings
          where client_id = ${clientId} and status = 'completed' and candidate_id is not null and date_local between ${from} and ${TODAY}`,
    );
    expect(items).toHaveLength(expected!.n);
    expect(items.filter((i) => i.feedbackCompleted)).toHaveLength(expected!.done);
  });

  it('refuses a client outside the tree, or without booking view there', async () => {
    expect((await pending(await signIn(t.app, 'school.admin@demo.test'))).statusCode).toBe(403);
    expect((await pending(await signIn(t.app, 'teacher@demo.test'))).statusCode).toBe(403);
  });
});

describe('quick feedback and the feedback form', () => {
  it('records feedback once and marks the booking done', async () => {
    const items = PendingFeedbackResponse.parse((await pending(admin)).json());
    const item = items.find((i) => !i.feedbackCompleted)!;
    const res = await quick(admin, item.bookingID);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ bookingID: item.bookingID, feedbackCompleted: true });
    const [row] = await queryRows<{ rating: number; would_rebook: boolean; comment: string; done: boolean }>(
      t.database.db,
      sql`select f.rating, f.would_rebook, f.comment, b.feedback_completed as done from feedback f join bookings b on b.id = f.booking_id
          where f.booking_id = ${item.bookingID}`,
    );
    expect(row).toEqual({ rating: 5, would_rebook: true, comment: 'Great', done: true });
    const after = PendingFeedbackResponse.parse((await pending(admin)).json());
    expect(after.find((i) => i.bookingID === item.bookingID)!.feedbackCompleted).toBe(true);

    const again = await quick(admin, item.bookingID, { rating: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(BOOKING_MESSAGES.feedbackGiven);
  });

  it('is not due before the booking is completed with an educator', async () => {
    const [open] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from bookings where client_id = ${clientId} and status = 'filled' order by date_local limit 1`,
    );
    const res = await quick(admin, open!.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(BOOKING_MESSAGES.feedbackNotDue);
  });

  it('checks the rating', async () => {
    const items = PendingFeedbackResponse.parse((await pending(admin)).json());
    const res = await quick(admin, items.find((i) => !i.feedbackCompleted)!.bookingID, { rating: 6 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.rating).toBeDefined();
  });

  it('answers the full form’s address', async () => {
    const items = PendingFeedbackResponse.parse((await pending(admin)).json());
    const id = items[0]!.bookingID;
    const res = await t.app.inject({ method: 'GET', url: `/v1/bookings/${id}/feedback-form`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `http://portal.test/bookings?feedback=${id}` });
  });

  it('does not reach another client’s booking', async () => {
    const items = PendingFeedbackResponse.parse((await pending(admin)).json());
    const outsider = await signIn(t.app, 'school.admin@demo.test');
    const id = items.find((i) => !i.feedbackCompleted)!.bookingID;
    expect((await quick(outsider, id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/bookings/${id}/feedback-form`, headers: outsider.headers })).statusCode).toBe(
      404,
    );
  });
});
