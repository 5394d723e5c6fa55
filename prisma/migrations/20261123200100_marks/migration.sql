-- CreateTable
CREATE TABLE "cia_pattern" (
    "pattern_id" VARCHAR(30) NOT NULL,
    "scheme" VARCHAR(4) NOT NULL,
    "wef_session_id" VARCHAR(30) NOT NULL,
    "title" VARCHAR(200),
    "rounding" VARCHAR(14) NOT NULL DEFAULT 'ROUND_HALF_UP',
    "decimals" SMALLINT NOT NULL DEFAULT 0,
    "components" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cia_pattern_pkey" PRIMARY KEY ("pattern_id")
);

-- CreateTable
CREATE TABLE "entry_batch" (
    "batch_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "unit_key" VARCHAR(120) NOT NULL,
    "college_id" VARCHAR(30),
    "dept_id" VARCHAR(30),
    "coded" BOOLEAN NOT NULL DEFAULT false,
    "packet_no" VARCHAR(40),
    "entry_no" SMALLINT NOT NULL DEFAULT 1,
    "pattern_id" VARCHAR(30),
    "max_marks" DECIMAL(6,2) NOT NULL,
    "practical_date" VARCHAR(10),
    "practical_shift" VARCHAR(2),
    "lab" VARCHAR(60),
    "internal_examiner" VARCHAR(200),
    "external_examiner" VARCHAR(200),
    "status" VARCHAR(10) NOT NULL DEFAULT 'OPEN',
    "deadline" TIMESTAMPTZ(3),
    "row_count" INTEGER NOT NULL DEFAULT 0,
    "entered_by" VARCHAR(254),
    "submitted_by" VARCHAR(254),
    "submitted_at" TIMESTAMPTZ(3),
    "verified_by" VARCHAR(254),
    "verified_at" TIMESTAMPTZ(3),
    "locked_by" VARCHAR(254),
    "locked_at" TIMESTAMPTZ(3),
    "status_reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entry_batch_pkey" PRIMARY KEY ("batch_id")
);

-- CreateTable
CREATE TABLE "entry_row" (
    "batch_id" VARCHAR(30) NOT NULL,
    "line" INTEGER NOT NULL,
    "attempt_id" VARCHAR(30),
    "fict_no" VARCHAR(30),
    "value" DECIMAL(6,2),
    "status" VARCHAR(5),
    "component_marks" JSONB,
    "marks_in_words" VARCHAR(120),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entry_row_pkey" PRIMARY KEY ("batch_id","line")
);

-- CreateTable
CREATE TABLE "mark_record" (
    "attempt_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "value" DECIMAL(6,2),
    "status" VARCHAR(5),
    "source" VARCHAR(12) NOT NULL,
    "batch_id" VARCHAR(30),
    "correction_id" VARCHAR(30),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mark_record_pkey" PRIMARY KEY ("attempt_id","component")
);

-- CreateTable
CREATE TABLE "mark_correction" (
    "correction_id" VARCHAR(30) NOT NULL,
    "attempt_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "old" VARCHAR(8),
    "new" VARCHAR(8) NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "kind" VARCHAR(14) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'REQUESTED',
    "requested_by" VARCHAR(254) NOT NULL,
    "approved_by" VARCHAR(254),
    "approved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mark_correction_pkey" PRIMARY KEY ("correction_id")
);

-- CreateTable
CREATE TABLE "mark_moderation" (
    "correction_id" VARCHAR(30) NOT NULL,
    "attempt_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL,
    "batch_id" VARCHAR(30),
    "before_value" DECIMAL(6,2),
    "after_value" DECIMAL(6,2) NOT NULL,
    "remarks" VARCHAR(500) NOT NULL,
    "approved_by" VARCHAR(254) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mark_moderation_pkey" PRIMARY KEY ("correction_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "cia_pattern_scheme_wef_session_id_key" ON "cia_pattern"("scheme", "wef_session_id");

-- CreateIndex
CREATE INDEX "entry_batch_exam_id_paper_id_idx" ON "entry_batch"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "entry_batch_college_id_idx" ON "entry_batch"("college_id");

-- CreateIndex
CREATE INDEX "entry_batch_packet_no_idx" ON "entry_batch"("packet_no");

-- CreateIndex
CREATE UNIQUE INDEX "entry_batch_exam_id_session_id_course_comb_id_sem_id_paper__key" ON "entry_batch"("exam_id", "session_id", "course_comb_id", "sem_id", "paper_id", "component", "unit_key");

-- CreateIndex
CREATE INDEX "entry_row_attempt_id_idx" ON "entry_row"("attempt_id");

-- CreateIndex
CREATE UNIQUE INDEX "entry_row_batch_id_attempt_id_key" ON "entry_row"("batch_id", "attempt_id");

-- CreateIndex
CREATE UNIQUE INDEX "entry_row_batch_id_fict_no_key" ON "entry_row"("batch_id", "fict_no");

-- CreateIndex
CREATE INDEX "mark_record_batch_id_idx" ON "mark_record"("batch_id");

-- CreateIndex
CREATE INDEX "mark_correction_attempt_id_idx" ON "mark_correction"("attempt_id");

-- CreateIndex
CREATE INDEX "mark_moderation_attempt_id_idx" ON "mark_moderation"("attempt_id");

-- AddForeignKey
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "entry_batch"("batch_id") ON DELETE CASCADE ON UPDATE RESTRICT;


-- A mark is a value or a status, never both (lifecycle-api "Marks values"); values at most two places, never negative.
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_value_or_status_check" CHECK ("value" IS NULL OR "status" IS NULL);
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_value_check" CHECK ("value" IS NULL OR "value" >= 0);
ALTER TABLE "entry_row" ADD CONSTRAINT "entry_row_key_check" CHECK ("attempt_id" IS NOT NULL OR "fict_no" IS NOT NULL);
ALTER TABLE "mark_record" ADD CONSTRAINT "mark_record_value_or_status_check" CHECK (("value" IS NULL) <> ("status" IS NULL));
ALTER TABLE "entry_batch" ADD CONSTRAINT "entry_batch_component_check" CHECK ("component" IN ('INT', 'EXT', 'PR'));
ALTER TABLE "entry_batch" ADD CONSTRAINT "entry_batch_entry_no_check" CHECK ("entry_no" IN (1, 2));
ALTER TABLE "entry_batch" ADD CONSTRAINT "entry_batch_status_check" CHECK ("status" IN ('OPEN', 'DRAFT', 'SUBMITTED', 'VERIFIED', 'LOCKED', 'REOPENED'));
ALTER TABLE "mark_correction" ADD CONSTRAINT "mark_correction_kind_check" CHECK ("kind" IN ('DATA_ENTRY', 'REVALUATION', 'MODERATION', 'GRACE', 'ADMINISTRATIVE'));

-- The final rows of LOCKED coded award lists (entry 1 of every packet whose two entries are LOCKED): what a decode
-- joins with the coding map in one statement (apps/api/src/modules/marks/award-lists.ts).
CREATE VIEW "locked_award_row" AS
SELECT b."exam_id", b."paper_id", b."packet_no", r."fict_no", r."value", r."status", b."batch_id"
  FROM "entry_batch" b
  JOIN "entry_row" r ON r."batch_id" = b."batch_id"
 WHERE b."component" = 'EXT' AND b."coded" AND b."entry_no" = 1 AND b."status" = 'LOCKED'
   AND EXISTS (SELECT 1 FROM "entry_batch" b2
                WHERE b2."component" = 'EXT' AND b2."coded" AND b2."packet_no" = b."packet_no" AND b2."entry_no" = 2 AND b2."status" = 'LOCKED');
