ALTER TABLE "invoice_lines" ADD COLUMN "service_dates" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
-- Lines issued before lines carried dates get them where the database still knows them: the bookings of the
-- timesheets invoiced on the line's invoice, else (older work, whose timesheets were never kept) the educator's
-- completed bookings at the client within the invoice's period; both in the line's unit (day-rate bookings on day
-- lines, hourly ones on hour lines). A line named after a classification ('Primary Teacher: …') takes only that
-- classification's bookings. Amounts and taxes stay as issued: an issued invoice is never rewritten.
WITH "work" AS (
  SELECT il."id" AS "line_id", b."date_local",
         left(il."description", length(cl."online_title") + 2) = cl."online_title" || ': ' AS "title_match"
  FROM "invoice_lines" il
  JOIN "invoices" i ON i."id" = il."invoice_id"
  JOIN "bookings" b ON b."candidate_id" = il."candidate_id" AND b."client_id" = i."client_id"
  JOIN "booking_requests" br ON br."id" = b."request_id"
  JOIN "classifications" cl ON cl."id" = br."classification_id"
  LEFT JOIN "timesheets" t ON t."booking_id" = b."id"
  WHERE (CASE cl."rate_unit_type" WHEN 'daily' THEN 'day' ELSE 'hour' END) = il."unit"
    AND (t."invoice_id" = il."invoice_id"
      OR (t."id" IS NULL AND b."status" = 'completed' AND b."date_local" BETWEEN i."period_start" AND i."period_end"))
)
UPDATE "invoice_lines" il SET "service_dates" = d."dates"
FROM (
  SELECT w."line_id", array_agg(DISTINCT w."date_local" ORDER BY w."date_local") AS "dates"
  FROM "work" w
  WHERE w."title_match" OR NOT EXISTS (SELECT 1 FROM "work" m WHERE m."line_id" = w."line_id" AND m."title_match")
  GROUP BY w."line_id"
) d
WHERE il."id" = d."line_id";
