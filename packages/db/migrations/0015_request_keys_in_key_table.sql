-- A booking request's Idempotency-Key now lives only in idempotency_keys. A key on a request that is not in that
-- table yet is copied there first, with the request as its stored answer (as POST /v1/bookings answered it) and the
-- key's lifetime from the request's creation. Its request hash is unknown: an empty hash matches no request, so
-- while the key lives the same key sent again is refused as reused rather than answered.
INSERT INTO "idempotency_keys" ("contact_id", "key", "method", "path", "request_hash", "status_code", "response_body", "created_at", "expires_at")
SELECT r."created_by_contact_id", r."idempotency_key", 'POST', '/v1/bookings', '', 201,
  jsonb_build_object('requestId', r."id", 'status', r."status", 'seriesReference', r."series_reference",
    'bookings', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', b."id", 'dateLocal', b."date_local", 'status', b."status") ORDER BY b."id"), '[]')
                 FROM "bookings" b WHERE b."request_id" = r."id")),
  r."created_at", r."created_at" + interval '24 hours'
FROM "booking_requests" r
WHERE r."idempotency_key" IS NOT NULL
ON CONFLICT ("contact_id", "key") DO NOTHING;--> statement-breakpoint
DROP INDEX "booking_requests_idempotency_key";--> statement-breakpoint
ALTER TABLE "booking_requests" DROP COLUMN "idempotency_key";
