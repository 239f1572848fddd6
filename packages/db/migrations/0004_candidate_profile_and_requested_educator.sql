ALTER TABLE "candidates" ADD COLUMN "qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "compliance_checks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD COLUMN "requested_candidate_id" integer;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_requested_candidate_id_candidates_id_fk" FOREIGN KEY ("requested_candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;