CREATE TABLE "points_goals" (
	"collector_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reward_id" text NOT NULL,
	"conversion_points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_goals_kind_points" CHECK ((kind = 'voucher' and conversion_points is null) or (kind = 'conversion' and conversion_points > 0))
);
--> statement-breakpoint
ALTER TABLE "points_goals" ADD CONSTRAINT "points_goals_collector_id_collectors_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."collectors"("id") ON DELETE cascade ON UPDATE no action;