CREATE TABLE "wallet_credit_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_credit_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer NOT NULL,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "wallet_credit_requests_amount_positive" CHECK ("wallet_credit_requests"."amount_kobo" > 0),
	CONSTRAINT "wallet_credit_requests_second_admin" CHECK ("wallet_credit_requests"."approved_by" is null or "wallet_credit_requests"."approved_by" <> "wallet_credit_requests"."requested_by"),
	CONSTRAINT "wallet_credit_requests_approved_set" CHECK (("wallet_credit_requests"."status" = 'approved') = ("wallet_credit_requests"."approved_by" is not null and "wallet_credit_requests"."approved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_held_until_set";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "released_by" integer;--> statement-breakpoint
ALTER TABLE "wallet_credit_requests" ADD CONSTRAINT "wallet_credit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_credit_requests" ADD CONSTRAINT "wallet_credit_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_credit_requests" ADD CONSTRAINT "wallet_credit_requests_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_credit_requests_reference_unique" ON "wallet_credit_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "wallet_credit_requests_status_idx" ON "wallet_credit_requests" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_not_released_by_owner" CHECK ("withdrawals"."released_by" is null or "withdrawals"."released_by" <> "withdrawals"."user_id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_held_until_set" CHECK ("withdrawals"."status" <> 'held' or ("withdrawals"."hold_reason" is not null and ("withdrawals"."held_until" is not null or "withdrawals"."hold_reason" in ('large_amount', 'name_mismatch'))));