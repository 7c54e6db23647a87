CREATE TABLE "points_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collector_id" uuid NOT NULL,
	"card_number" text,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "points_ledger_amount_not_zero" CHECK ("points_ledger"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "temp_card_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"card_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_card_number_cards_number_fk" FOREIGN KEY ("card_number") REFERENCES "public"."cards"("number") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temp_card_links" ADD CONSTRAINT "temp_card_links_card_number_cards_number_fk" FOREIGN KEY ("card_number") REFERENCES "public"."cards"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_ledger_collector_idx" ON "points_ledger" USING btree ("collector_id","created_at");--> statement-breakpoint
CREATE INDEX "temp_card_links_card_idx" ON "temp_card_links" USING btree ("card_number","created_at");