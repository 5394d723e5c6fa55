-- Post-result applications (lifecycle S9, state machine I): re-totalling, revaluation, photocopy; re-coding of revalued books.

-- CreateTable
CREATE TABLE "post_result_application" (
    "app_id" VARCHAR(30) NOT NULL,
    "type" VARCHAR(10) NOT NULL,
    "attempt_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'APPLIED',
    "student_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "component" VARCHAR(3) NOT NULL DEFAULT 'EXT',
    "applied_on" VARCHAR(10) NOT NULL,
    "applied_by" VARCHAR(254) NOT NULL,
    "last_day" VARCHAR(10) NOT NULL,
    "fee" VARCHAR(12),
    "payment_ref" VARCHAR(60),
    "max_marks" VARCHAR(8),
    "original_marks" VARCHAR(8),
    "reval_marks" VARCHAR(8),
    "third_marks" VARCHAR(8),
    "needs_third_valuation" BOOLEAN NOT NULL DEFAULT false,
    "final_marks" VARCHAR(8),
    "outcome_rule" VARCHAR(10),
    "outcome" VARCHAR(500),
    "explanation" JSONB NOT NULL DEFAULT '[]',
    "examiner_id" VARCHAR(30),
    "correction_id" VARCHAR(30),
    "run_id" VARCHAR(30),
    "original_version" INTEGER,
    "new_version" INTEGER,
    "notice" VARCHAR(500),
    "status_reason" VARCHAR(500),
    "decided_by" VARCHAR(254),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_result_application_pkey" PRIMARY KEY ("app_id"),
    CONSTRAINT "post_result_application_type_check" CHECK ("type" IN ('RETOTAL', 'REVAL', 'PHOTOCOPY')),
    CONSTRAINT "post_result_application_status_check" CHECK ("status" IN ('APPLIED', 'FEE_VERIFIED', 'ACCEPTED', 'IN_PROCESS', 'EVALUATED', 'RESULT_COMPUTED', 'PUBLISHED', 'CLOSED', 'REJECTED'))
);

-- CreateTable
CREATE TABLE "post_result_coding" (
    "app_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "fict_no" VARCHAR(30) NOT NULL,
    "examiner_id" VARCHAR(30) NOT NULL,
    "first_examiner_id" VARCHAR(30),
    "coded_by" VARCHAR(254) NOT NULL,
    "coded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_result_coding_pkey" PRIMARY KEY ("app_id"),
    CONSTRAINT "post_result_coding_app_fkey" FOREIGN KEY ("app_id") REFERENCES "post_result_application"("app_id") ON DELETE RESTRICT ON UPDATE RESTRICT
);

-- CreateIndex
CREATE INDEX "post_result_application_student_id_idx" ON "post_result_application"("student_id");
CREATE INDEX "post_result_application_attempt_id_idx" ON "post_result_application"("attempt_id");
CREATE INDEX "post_result_application_exam_id_paper_id_idx" ON "post_result_application"("exam_id", "paper_id");
CREATE UNIQUE INDEX "post_result_coding_fict_no_key" ON "post_result_coding"("fict_no");
CREATE INDEX "post_result_coding_exam_id_paper_id_idx" ON "post_result_coding"("exam_id", "paper_id");
