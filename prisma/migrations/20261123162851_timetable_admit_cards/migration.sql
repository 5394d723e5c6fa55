-- CreateTable
CREATE TABLE "timetable_slot" (
    "slot_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "courses" VARCHAR(500) NOT NULL,
    "date" VARCHAR(10) NOT NULL,
    "shift" VARCHAR(2) NOT NULL,
    "start_time" VARCHAR(5) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "timetable_slot_pkey" PRIMARY KEY ("slot_id")
);

-- CreateTable
CREATE TABLE "timetable_slot_course" (
    "exam_id" VARCHAR(30) NOT NULL,
    "session_id" VARCHAR(30) NOT NULL,
    "course_comb_id" VARCHAR(30) NOT NULL,
    "sem_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "slot_id" VARCHAR(30) NOT NULL,

    CONSTRAINT "timetable_slot_course_pkey" PRIMARY KEY ("exam_id","session_id","course_comb_id","sem_id","paper_id")
);

-- CreateTable
CREATE TABLE "admit_card" (
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "form_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "roll_no" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30),
    "status" VARCHAR(10) NOT NULL DEFAULT 'GENERATED',
    "withheld_reason" VARCHAR(500),
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admit_card_pkey" PRIMARY KEY ("exam_id","student_id")
);

-- CreateIndex
CREATE INDEX "timetable_slot_exam_id_date_shift_idx" ON "timetable_slot"("exam_id", "date", "shift");

-- CreateIndex
CREATE INDEX "timetable_slot_paper_id_idx" ON "timetable_slot"("paper_id");

-- CreateIndex
CREATE INDEX "timetable_slot_course_slot_id_idx" ON "timetable_slot_course"("slot_id");

-- CreateIndex
CREATE INDEX "admit_card_exam_id_college_id_status_idx" ON "admit_card"("exam_id", "college_id", "status");

-- CreateIndex
CREATE INDEX "admit_card_student_id_idx" ON "admit_card"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "admit_card_exam_id_roll_no_key" ON "admit_card"("exam_id", "roll_no");

-- AddForeignKey
ALTER TABLE "timetable_slot" ADD CONSTRAINT "timetable_slot_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("exam_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "timetable_slot" ADD CONSTRAINT "timetable_slot_paper_id_fkey" FOREIGN KEY ("paper_id") REFERENCES "paper"("paper_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "timetable_slot_course" ADD CONSTRAINT "timetable_slot_course_slot_id_fkey" FOREIGN KEY ("slot_id") REFERENCES "timetable_slot"("slot_id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "admit_card" ADD CONSTRAINT "admit_card_exam_id_fkey" FOREIGN KEY ("exam_id") REFERENCES "exam"("exam_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "admit_card" ADD CONSTRAINT "admit_card_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "student"("student_id") ON DELETE RESTRICT ON UPDATE RESTRICT;
