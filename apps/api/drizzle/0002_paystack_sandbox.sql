CREATE TABLE "sandbox_paystack_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recipient_code" text NOT NULL,
	"name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"access_code" text NOT NULL,
	"email" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"metadata" jsonb,
	"status" text DEFAULT 'abandoned' NOT NULL,
	"gateway_response" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"transfer_code" text NOT NULL,
	"recipient_code" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_recipients_recipient_code_unique" ON "sandbox_paystack_recipients" USING btree ("recipient_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_transactions_reference_unique" ON "sandbox_paystack_transactions" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_transactions_access_code_unique" ON "sandbox_paystack_transactions" USING btree ("access_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_transfers_reference_unique" ON "sandbox_paystack_transfers" USING btree ("reference");