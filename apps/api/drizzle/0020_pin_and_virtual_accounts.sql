CREATE TABLE "sandbox_paystack_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_dedicated_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_dedicated_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_paystack_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_paystack_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_note" text,
	"merchant_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "virtual_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"customer_code" text NOT NULL,
	"provider_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_slug" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"reset_token_hash" text,
	"reset_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_pins_failed_attempts_range" CHECK ("wallet_pins"."failed_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_paystack_transactions" ADD COLUMN "channel" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_paystack_transactions" ADD COLUMN "fees_kobo" bigint;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pins" ADD CONSTRAINT "wallet_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_customers_customer_code_unique" ON "sandbox_paystack_customers" USING btree ("customer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_customers_email_unique" ON "sandbox_paystack_customers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_dedicated_accounts_account_number_unique" ON "sandbox_paystack_dedicated_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_paystack_dedicated_accounts_customer_bank_unique" ON "sandbox_paystack_dedicated_accounts" USING btree ("customer_code","bank_slug");--> statement-breakpoint
CREATE INDEX "sandbox_paystack_refunds_transaction_idx" ON "sandbox_paystack_refunds" USING btree ("transaction_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_user_id_unique" ON "virtual_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_account_number_unique" ON "virtual_accounts" USING btree ("account_number");