CREATE TABLE "withdrawal_cooldowns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_cooldowns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_cooldowns" ADD CONSTRAINT "withdrawal_cooldowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_cooldowns_user_ends_idx" ON "withdrawal_cooldowns" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "withdrawals_held_user_idx" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" = 'held';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_held_until_set" CHECK ("withdrawals"."status" <> 'held' or ("withdrawals"."held_until" is not null and "withdrawals"."hold_reason" is not null));