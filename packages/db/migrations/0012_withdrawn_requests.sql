ALTER TYPE "public"."booking_request_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TYPE "public"."replace_me_status" ADD VALUE 'withdrawn';