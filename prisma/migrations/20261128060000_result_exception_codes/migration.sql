-- AlterTable: an exception's message as its code and parameters too (read in the reader's language)
ALTER TABLE "result_exception" ADD COLUMN "message_code" VARCHAR(60),
ADD COLUMN "params" JSONB;
