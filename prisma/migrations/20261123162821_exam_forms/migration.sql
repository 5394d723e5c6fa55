-- CreateTable
CREATE TABLE "exam_ccinfo" (
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "phase" VARCHAR(20) NOT NULL DEFAULT 'PLANNED',
    "form_open_at" TIMESTAMPTZ(3),
    "form_due_at" TIMESTAMPTZ(3),
    "late_fee_close_at" TIMESTAMPTZ(3),
    "coding" VARCHAR(3) NOT NULL DEFAULT 'OFF',
    "base_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "back_paper_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "practical_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "late_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "category_concessions" VARCHAR(200),
    "allow_types" VARCHAR(100) NOT NULL DEFAULT 'REGULAR EX BACK IMPROVEMENT',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_ccinfo_pkey" PRIMARY KEY ("exam_id","session_id","course_comb_id","sem_id")
);

-- CreateTable
CREATE TABLE "exam_form" (
    "form_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "candidate_type" VARCHAR(12) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'DRAFT',
    "fee_amount" VARCHAR(12) NOT NULL DEFAULT '0',
    "late_fee" VARCHAR(12) NOT NULL DEFAULT '0',
    "payment_ref" VARCHAR(60),
    "paid_amount" VARCHAR(12),
    "paid_at" TIMESTAMPTZ(3),
    "submitted_at" TIMESTAMPTZ(3),
    "verified_by" VARCHAR(254),
    "verified_at" TIMESTAMPTZ(3),
    "approved_by" VARCHAR(254),
    "approved_at" TIMESTAMPTZ(3),
    "roll_no" VARCHAR(30),
    "centre_id" VARCHAR(30),
    "status_reason" VARCHAR(500),
    "remarks" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_form_pkey" PRIMARY KEY ("form_id")
);

-- CreateTable
CREATE TABLE "exam_form_paper" (
    "form_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "attempt_type" VARCHAR(12) NOT NULL,
    "attempt_no" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exam_form_paper_pkey" PRIMARY KEY ("form_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateTable
CREATE TABLE "attempt" (
    "attempt_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "form_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "attempt_type" VARCHAR(12) NOT NULL,
    "attempt_no" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attempt_pkey" PRIMARY KEY ("attempt_id")
);

-- CreateTable
CREATE TABLE "backlog" (
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "first_exam_id" VARCHAR(30),
    "reason" VARCHAR(20) NOT NULL DEFAULT 'OVERALL',
    "status" VARCHAR(10) NOT NULL DEFAULT 'OPEN',
    "attempts_used" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "backlog_pkey" PRIMARY KEY ("student_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateIndex
CREATE INDEX "exam_ccinfo_session_id_course_comb_id_sem_id_idx" ON "exam_ccinfo"("session_id", "course_comb_id", "sem_id");

-- CreateIndex
CREATE INDEX "exam_ccinfo_phase_idx" ON "exam_ccinfo"("phase");

-- CreateIndex
CREATE INDEX "exam_form_college_id_status_idx" ON "exam_form"("college_id", "status");

-- CreateIndex
CREATE INDEX "exam_form_exam_id_status_idx" ON "exam_form"("exam_id", "status");

-- CreateIndex
CREATE INDEX "exam_form_student_id_idx" ON "exam_form"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "exam_form_exam_id_student_id_session_id_course_comb_id_sem__key" ON "exam_form"("exam_id", "student_id", "session_id", "course_comb_id", "sem_id");

-- CreateIndex
CREATE UNIQUE INDEX "exam_form_exam_id_roll_no_key" ON "exam_form"("exam_id", "roll_no");

-- CreateIndex
CREATE INDEX "exam_form_paper_session_id_course_comb_id_sem_id_paper_id_idx" ON "exam_form_paper"("session_id", "course_comb_id", "sem_id", "paper_id");

-- CreateIndex
CREATE INDEX "attempt_form_id_idx" ON "attempt"("form_id");

-- CreateIndex
CREATE INDEX "attempt_exam_id_paper_id_idx" ON "attempt"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "attempt_student_id_idx" ON "attempt"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "attempt_exam_id_student_id_session_id_course_comb_id_sem_id_key" ON "attempt"("exam_id", "student_id", "session_id", "course_comb_id", "sem_id", "paper_id");

-- CreateIndex
CREATE INDEX "backlog_session_id_course_comb_id_sem_id_paper_id_idx" ON "backlog"("session_id", "course_comb_id", "sem_id", "paper_id");

-- AddForeignKey
ALTER TABLE "exam_ccinfo" ADD CONSTRAINT "exam_ccinfo_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("exam_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_ccinfo" ADD CONSTRAINT "exam_ccinfo_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id") REFERENCES "ccinfo_sem"("session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form" ADD CONSTRAINT "exam_form_exam_id_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("exam_id", "session_id", "course_comb_id", "sem_id") REFERENCES "exam_ccinfo"("exam_id", "session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form" ADD CONSTRAINT "exam_form_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form" ADD CONSTRAINT "exam_form_college_id_fkey" FOREIGN KEY ("college_id") REFERENCES "college"("college_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form_paper" ADD CONSTRAINT "exam_form_paper_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "exam_form"("form_id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "exam_form_paper" ADD CONSTRAINT "exam_form_paper_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "exam_form"("form_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "attempt" ADD CONSTRAINT "attempt_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "backlog" ADD CONSTRAINT "backlog_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "backlog" ADD CONSTRAINT "backlog_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;
