CREATE TABLE "partner_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhooks" (
	"client_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."partner_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD CONSTRAINT "partner_webhooks_client_id_partner_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."partner_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_client_idx" ON "partner_webhook_deliveries" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_undelivered_idx" ON "partner_webhook_deliveries" USING btree ("created_at") WHERE "partner_webhook_deliveries"."delivered_at" is null;