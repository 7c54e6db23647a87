ALTER TABLE "brands" ADD COLUMN "spend_rate" text;--> statement-breakpoint
-- The bundled catalogue's spend lines for a database seeded before this column (the seed adds only new brands).
UPDATE "brands" SET "spend_rate" = 'Convert 400 points to 250 Avios' WHERE "key" = 'british-airways-avios' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = 'Convert 2 points to 1 Hotels.com point' WHERE "key" = 'hotels-com' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 off in store and online' WHERE "key" = 'argos' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 off your shopping' WHERE "key" = 'sainsburys' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 off cinema tickets' WHERE "key" = 'vue' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 off fuel' WHERE "key" = 'esso' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 off coffee' WHERE "key" = 'caffe-nero' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 off homeware' WHERE "key" = 'habitat' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 off clothing' WHERE "key" = 'tu-clothing' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = '200 points = £1 eBay voucher' WHERE "key" = 'ebay' AND "redeem";
--> statement-breakpoint
UPDATE "brands" SET "spend_rate" = 'Spend points on your subscription' WHERE "key" = 'disney-plus' AND "redeem";
