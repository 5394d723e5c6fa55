-- Documents (lifecycle S10/S11, §5, state machine J; ADR 0028): numbering series, documents as frozen payload snapshots,
-- the stationery spoilage register, the verification log, and the signing key of an installation without DOCUMENT_SIGNING_KEY.

-- CreateTable
CREATE TABLE "document_series" (
    "series_id" VARCHAR(30) NOT NULL,
    "doc_type" VARCHAR(24) NOT NULL,
    "year" INTEGER NOT NULL,
    "prefix" VARCHAR(30) NOT NULL,
    "next_no" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_series_pkey" PRIMARY KEY ("series_id"),
    CONSTRAINT "document_series_next_no_check" CHECK ("next_no" >= 1)
);

-- CreateTable
CREATE TABLE "document" (
    "doc_id" VARCHAR(30) NOT NULL,
    "doc_type" VARCHAR(24) NOT NULL,
    "subtype" VARCHAR(30),
    "status" VARCHAR(12) NOT NULL DEFAULT 'DRAFTED',
    "series_id" VARCHAR(30),
    "serial_no" VARCHAR(40),
    "stationery_serial" VARCHAR(40),
    "student_id" VARCHAR(30) NOT NULL,
    "holder_id" VARCHAR(30),
    "college_id" VARCHAR(30) NOT NULL,
    "name_en" VARCHAR(200),
    "name_hi" VARCHAR(200),
    "exam_id" VARCHAR(30),
    "session_id" VARCHAR(30),
    "course_comb_id" VARCHAR(30),
    "sem_id" VARCHAR(30),
    "result_version" INTEGER,
    "basis" JSONB NOT NULL,
    "scheme" VARCHAR(4),
    "template_id" VARCHAR(40) NOT NULL,
    "template_version" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "payload_hash" VARCHAR(64) NOT NULL,
    "marker" VARCHAR(10),
    "duplicate_of" VARCHAR(30),
    "supersedes" VARCHAR(30),
    "superseded_by" VARCHAR(30),
    "cancel_reason" VARCHAR(500),
    "approval_required" BOOLEAN NOT NULL DEFAULT true,
    "verification_token" VARCHAR(1000),
    "verify_url" VARCHAR(1200),
    "prepared_by" VARCHAR(254),
    "checked_by" VARCHAR(254),
    "approved_by" VARCHAR(254),
    "issued_by" VARCHAR(254),
    "checked_at" TIMESTAMPTZ(3),
    "approved_at" TIMESTAMPTZ(3),
    "issued_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_pkey" PRIMARY KEY ("doc_id"),
    CONSTRAINT "document_doc_type_check" CHECK ("doc_type" IN ('MARKSHEET', 'CONSOLIDATED_MARKSHEET', 'TRANSCRIPT', 'PROVISIONAL_DEGREE', 'DEGREE', 'MIGRATION', 'CERTIFICATE')),
    CONSTRAINT "document_status_check" CHECK ("status" IN ('DRAFTED', 'CHECKED', 'APPROVED', 'ISSUED', 'CANCELLED', 'SUPERSEDED')),
    CONSTRAINT "document_marker_check" CHECK ("marker" IS NULL OR "marker" IN ('DUPLICATE', 'REVISED')),
    CONSTRAINT "document_numbered_check" CHECK ("status" IN ('DRAFTED', 'CHECKED') OR "cancel_reason" IS NOT NULL OR ("serial_no" IS NOT NULL AND "verification_token" IS NOT NULL))
);

-- CreateTable
CREATE TABLE "stationery_spoilage" (
    "spoil_id" VARCHAR(30) NOT NULL,
    "stationery_serial" VARCHAR(40) NOT NULL,
    "doc_id" VARCHAR(30),
    "reason" VARCHAR(500) NOT NULL,
    "recorded_by" VARCHAR(254) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stationery_spoilage_pkey" PRIMARY KEY ("spoil_id")
);

-- CreateTable
CREATE TABLE "verification_log" (
    "id" BIGSERIAL NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "doc_id" VARCHAR(30),
    "result" VARCHAR(20) NOT NULL,
    "ip" VARCHAR(64),
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verification_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_signing_key" (
    "kid" VARCHAR(64) NOT NULL,
    "private_pem" TEXT NOT NULL,
    "public_pem" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_signing_key_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE UNIQUE INDEX "document_series_doc_type_year_key" ON "document_series"("doc_type", "year");

-- CreateIndex
CREATE INDEX "document_student_id_idx" ON "document"("student_id");

-- CreateIndex
CREATE INDEX "document_holder_id_idx" ON "document"("holder_id");

-- CreateIndex
CREATE INDEX "document_exam_id_doc_type_status_idx" ON "document"("exam_id", "doc_type", "status");

-- CreateIndex
CREATE INDEX "document_status_idx" ON "document"("status");

-- CreateIndex
CREATE UNIQUE INDEX "document_series_id_serial_no_key" ON "document"("series_id", "serial_no");

-- CreateIndex
CREATE UNIQUE INDEX "stationery_spoilage_stationery_serial_key" ON "stationery_spoilage"("stationery_serial");

-- CreateIndex
CREATE INDEX "verification_log_at_idx" ON "verification_log"("at");

-- CreateIndex
CREATE INDEX "verification_log_doc_id_idx" ON "verification_log"("doc_id");

-- AddForeignKey
ALTER TABLE "document" ADD CONSTRAINT "document_series_id_fkey" FOREIGN KEY ("series_id") REFERENCES "document_series"("series_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- Nothing issued is ever edited (lifecycle §5.1): the payload is frozen at drafting; from APPROVED only the move to
-- ISSUED or CANCELLED may be written, from ISSUED only the move to SUPERSEDED or CANCELLED; SUPERSEDED and CANCELLED
-- rows never change; no document is deleted (a number is never reused; gaps are explained by CANCELLED rows).
CREATE FUNCTION "document_issued_is_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  allowed text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'document % is kept: cancel it (with a reason) instead of deleting it', OLD.doc_id USING ERRCODE = 'P0001';
  END IF;
  IF NEW.payload IS DISTINCT FROM OLD.payload OR NEW.payload_hash IS DISTINCT FROM OLD.payload_hash THEN
    RAISE EXCEPTION 'the payload of document % is frozen at drafting; draft a new document', OLD.doc_id USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status IN ('DRAFTED', 'CHECKED') THEN
    RETURN NEW;
  END IF;
  allowed := CASE OLD.status
    WHEN 'APPROVED' THEN ARRAY['status', 'holder_id', 'issued_by', 'issued_at', 'cancel_reason', 'cancelled_at', 'updated_at']
    WHEN 'ISSUED' THEN ARRAY['status', 'holder_id', 'superseded_by', 'cancel_reason', 'cancelled_at', 'updated_at']
    ELSE ARRAY[]::text[]
  END;
  IF (to_jsonb(NEW) - allowed) IS DISTINCT FROM (to_jsonb(OLD) - allowed)
     OR (OLD.status = 'APPROVED' AND NEW.status NOT IN ('APPROVED', 'ISSUED', 'CANCELLED'))
     OR (OLD.status = 'ISSUED' AND NEW.status NOT IN ('ISSUED', 'SUPERSEDED', 'CANCELLED')) THEN
    RAISE EXCEPTION 'document % is % and cannot change; issue a duplicate or a revised document', OLD.doc_id, OLD.status USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "document_issued_no_change"
  BEFORE UPDATE OR DELETE ON "document"
  FOR EACH ROW EXECUTE FUNCTION "document_issued_is_immutable"();

-- Series numbers only grow.
CREATE FUNCTION "document_series_never_back"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.next_no < OLD.next_no THEN
    RAISE EXCEPTION 'document series % never goes back: a number is never reused', OLD.series_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "document_series_no_reuse"
  BEFORE UPDATE OR DELETE ON "document_series"
  FOR EACH ROW EXECUTE FUNCTION "document_series_never_back"();
