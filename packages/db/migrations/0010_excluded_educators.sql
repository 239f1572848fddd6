ALTER TABLE "client_candidates" ADD COLUMN "is_excluded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_candidates" ADD COLUMN "exclusion_reason" text;