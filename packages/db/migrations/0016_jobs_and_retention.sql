DROP INDEX "mail_queue_due_idx";--> statement-breakpoint
CREATE INDEX "refresh_tokens_revoked_at_idx" ON "refresh_tokens" USING btree ("revoked_at") WHERE "refresh_tokens"."revoked_at" is not null;--> statement-breakpoint
CREATE INDEX "mail_queue_failed_at_idx" ON "mail_queue" USING btree ("failed_at") WHERE "mail_queue"."failed_at" is not null;--> statement-breakpoint
ALTER TABLE "mail_queue" DROP COLUMN "next_attempt_at";