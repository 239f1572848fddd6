ALTER TABLE "contacts" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "features" jsonb DEFAULT '{}'::jsonb NOT NULL;