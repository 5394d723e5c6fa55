-- CreateTable
CREATE TABLE "student" (
    "student_id" VARCHAR(30) NOT NULL,
    "name_en" VARCHAR(200) NOT NULL,
    "name_hi" VARCHAR(200),
    "father_name_en" VARCHAR(200),
    "father_name_hi" VARCHAR(200),
    "mother_name_en" VARCHAR(200),
    "mother_name_hi" VARCHAR(200),
    "dob" VARCHAR(10) NOT NULL,
    "gender" VARCHAR(1) NOT NULL,
    "category" VARCHAR(10) NOT NULL,
    "abc_id" VARCHAR(12),
    "mobile" VARCHAR(10),
    "email" VARCHAR(254),
    "address" VARCHAR(500),
    "college_id" VARCHAR(30) NOT NULL,
    "admission_session_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(30) NOT NULL DEFAULT 'ENROLLED',
    "pwd_type" VARCHAR(50),
    "photo_sha256" VARCHAR(64),
    "photo_type" VARCHAR(20),
    "signature_sha256" VARCHAR(64),
    "signature_type" VARCHAR(20),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_pkey" PRIMARY KEY ("student_id")
);

-- CreateTable
CREATE TABLE "student_ccinfo" (
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "class_roll_no" VARCHAR(30),
    "student_type" VARCHAR(10) NOT NULL DEFAULT 'REGULAR',
    "medium" VARCHAR(2) NOT NULL DEFAULT 'HI',
    "attendance_percent" VARCHAR(10),
    "status" VARCHAR(30) NOT NULL DEFAULT 'ENROLLED',
    "ruleset_id" VARCHAR(30) NOT NULL,
    "ruleset_version" INTEGER NOT NULL,
    "papers_locked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_ccinfo_pkey" PRIMARY KEY ("student_id","session_id","course_comb_id","sem_id")
);

-- CreateTable
CREATE TABLE "student_academic" (
    "student_id" VARCHAR(30) NOT NULL,
    "seq" INTEGER NOT NULL,
    "qualification" VARCHAR(50) NOT NULL,
    "board" VARCHAR(200),
    "year" INTEGER NOT NULL,
    "roll_no" VARCHAR(30),
    "max_marks" VARCHAR(10),
    "obtained_marks" VARCHAR(10),
    "percentage" VARCHAR(10),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_academic_pkey" PRIMARY KEY ("student_id","seq")
);

-- CreateTable
CREATE TABLE "student_paper" (
    "student_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "choice_source" VARCHAR(12) NOT NULL,
    "group_code" VARCHAR(5) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "student_paper_pkey" PRIMARY KEY ("student_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "student_abc_id_key" ON "student"("abc_id");

-- CreateIndex
CREATE INDEX "student_college_id_student_id_idx" ON "student"("college_id", "student_id");

-- CreateIndex
CREATE INDEX "student_admission_session_id_idx" ON "student"("admission_session_id");

-- CreateIndex
CREATE INDEX "student_ccinfo_session_id_course_comb_id_sem_id_idx" ON "student_ccinfo"("session_id", "course_comb_id", "sem_id");

-- CreateIndex
CREATE INDEX "student_ccinfo_college_id_idx" ON "student_ccinfo"("college_id");

-- CreateIndex
CREATE INDEX "student_ccinfo_ruleset_id_ruleset_version_idx" ON "student_ccinfo"("ruleset_id", "ruleset_version");

-- CreateIndex
CREATE UNIQUE INDEX "student_ccinfo_student_id_session_id_sem_id_key" ON "student_ccinfo"("student_id", "session_id", "sem_id");

-- CreateIndex
CREATE INDEX "student_paper_session_id_course_comb_id_sem_id_paper_id_idx" ON "student_paper"("session_id", "course_comb_id", "sem_id", "paper_id");

-- AddForeignKey
ALTER TABLE "student" ADD CONSTRAINT "student_college_id_fkey" FOREIGN KEY ("college_id") REFERENCES "college"("college_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student" ADD CONSTRAINT "student_admission_session_id_fkey" FOREIGN KEY ("admission_session_id") REFERENCES "session"("session_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id") REFERENCES "ccinfo_sem"("session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_college_id_fkey" FOREIGN KEY ("college_id") REFERENCES "college"("college_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_ccinfo" ADD CONSTRAINT "student_ccinfo_ruleset_id_ruleset_version_fkey" FOREIGN KEY ("ruleset_id", "ruleset_version") REFERENCES "ruleset"("ruleset_id", "version") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_academic" ADD CONSTRAINT "student_academic_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_paper" ADD CONSTRAINT "student_paper_student_id_session_id_course_comb_id_sem_id_fkey" FOREIGN KEY ("student_id", "session_id", "course_comb_id", "sem_id") REFERENCES "student_ccinfo"("student_id", "session_id", "course_comb_id", "sem_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "student_paper" ADD CONSTRAINT "student_paper_session_id_course_comb_id_sem_id_paper_id_fkey" FOREIGN KEY ("session_id", "course_comb_id", "sem_id", "paper_id") REFERENCES "paperinfosem"("session_id", "course_comb_id", "sem_id", "paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;
