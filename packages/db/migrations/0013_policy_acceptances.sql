CREATE TABLE "policy_acceptances" (
	"contact_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"policies_version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_acceptances_pk" PRIMARY KEY("contact_id","client_id","policies_version")
);
--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_acceptances_client_id_idx" ON "policy_acceptances" USING btree ("client_id");