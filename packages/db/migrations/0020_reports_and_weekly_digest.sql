CREATE TABLE "weekly_digest_sends" (
	"contact_id" integer NOT NULL,
	"week_of" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_digest_sends_pk" PRIMARY KEY("contact_id","week_of")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "weekly_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "filled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weekly_digest_sends" ADD CONSTRAINT "weekly_digest_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;