-- CreateTable
CREATE TABLE "centre" (
    "centre_id" VARCHAR(30) NOT NULL,
    "centre_name" VARCHAR(200) NOT NULL,
    "centre_name_hi" VARCHAR(200),
    "college_id" VARCHAR(30),
    "superintendent" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "centre_pkey" PRIMARY KEY ("centre_id")
);

-- CreateTable
CREATE TABLE "room" (
    "centre_id" VARCHAR(30) NOT NULL,
    "room_no" VARCHAR(30) NOT NULL,
    "rows" INTEGER NOT NULL,
    "cols" INTEGER NOT NULL,
    "capacity" INTEGER NOT NULL,
    "floor" INTEGER NOT NULL DEFAULT 0,
    "accessible" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_pkey" PRIMARY KEY ("centre_id","room_no")
);

-- CreateTable
CREATE TABLE "candidate_need" (
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "scribe" INTEGER NOT NULL DEFAULT 0,
    "extra_minutes" INTEGER NOT NULL DEFAULT 0,
    "ground_floor" INTEGER NOT NULL DEFAULT 0,
    "note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "candidate_need_pkey" PRIMARY KEY ("exam_id","student_id")
);

-- CreateTable
CREATE TABLE "seating" (
    "slot_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "date" VARCHAR(10) NOT NULL,
    "shift" VARCHAR(2) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'DRAFT',
    "revision" INTEGER NOT NULL DEFAULT 1,
    "seated" INTEGER NOT NULL DEFAULT 0,
    "unseated" INTEGER NOT NULL DEFAULT 0,
    "report" JSONB,
    "job_id" VARCHAR(60),
    "generated_at" TIMESTAMPTZ(3),
    "finalized_by" VARCHAR(254),
    "finalized_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seating_pkey" PRIMARY KEY ("slot_id","centre_id")
);

-- CreateTable
CREATE TABLE "seat_allocation" (
    "slot_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "room_no" VARCHAR(30) NOT NULL,
    "row" INTEGER NOT NULL,
    "col" INTEGER NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "roll_no" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "paper_slot_id" VARCHAR(30) NOT NULL,
    "needs" VARCHAR(60),

    CONSTRAINT "seat_allocation_pkey" PRIMARY KEY ("slot_id","centre_id","room_no","row","col")
);

-- CreateTable
CREATE TABLE "attendance" (
    "slot_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "college_id" VARCHAR(30) NOT NULL,
    "room_no" VARCHAR(30),
    "roll_no" VARCHAR(30) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'PRESENT',
    "answer_book_no" VARCHAR(30),
    "entered_by" VARCHAR(254),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attendance_pkey" PRIMARY KEY ("slot_id","student_id")
);

-- CreateTable
CREATE TABLE "attendance_sheet" (
    "slot_id" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'PENDING',
    "answer_books_received" INTEGER,
    "entered_by" VARCHAR(254),
    "verified_by" VARCHAR(254),
    "locked_by" VARCHAR(254),
    "locked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attendance_sheet_pkey" PRIMARY KEY ("slot_id","centre_id")
);

-- CreateTable
CREATE TABLE "ufm_case" (
    "case_id" VARCHAR(30) NOT NULL,
    "exam_id" VARCHAR(30) NOT NULL,
    "slot_id" VARCHAR(30) NOT NULL,
    "student_id" VARCHAR(30) NOT NULL,
    "paper_id" VARCHAR(30) NOT NULL,
    "roll_no" VARCHAR(30) NOT NULL,
    "centre_id" VARCHAR(30),
    "college_id" VARCHAR(30) NOT NULL,
    "reported_by" VARCHAR(200) NOT NULL,
    "nature" VARCHAR(20) NOT NULL,
    "seized_material" VARCHAR(500),
    "statement" VARCHAR(2000),
    "status" VARCHAR(20) NOT NULL DEFAULT 'REPORTED',
    "decision" VARCHAR(2),
    "punishment" VARCHAR(500),
    "debar_exams" INTEGER,
    "notice_issued_at" TIMESTAMPTZ(3),
    "hearing_notes" VARCHAR(2000),
    "decided_by" VARCHAR(254),
    "decided_at" TIMESTAMPTZ(3),
    "approved_by" VARCHAR(254),
    "approved_at" TIMESTAMPTZ(3),
    "appeal_reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ufm_case_pkey" PRIMARY KEY ("case_id")
);

-- CreateIndex
CREATE INDEX "seating_date_shift_idx" ON "seating"("date", "shift");

-- CreateIndex
CREATE INDEX "seat_allocation_slot_id_centre_id_paper_id_idx" ON "seat_allocation"("slot_id", "centre_id", "paper_id");

-- CreateIndex
CREATE UNIQUE INDEX "seat_allocation_paper_slot_id_student_id_key" ON "seat_allocation"("paper_slot_id", "student_id");

-- CreateIndex
CREATE INDEX "attendance_slot_id_centre_id_idx" ON "attendance"("slot_id", "centre_id");

-- CreateIndex
CREATE INDEX "attendance_exam_id_paper_id_idx" ON "attendance"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "attendance_sheet_exam_id_paper_id_idx" ON "attendance_sheet"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "ufm_case_exam_id_paper_id_idx" ON "ufm_case"("exam_id", "paper_id");

-- CreateIndex
CREATE INDEX "ufm_case_slot_id_student_id_idx" ON "ufm_case"("slot_id", "student_id");

-- AddForeignKey
ALTER TABLE "room" ADD CONSTRAINT "room_centre_id_fkey" FOREIGN KEY ("centre_id") REFERENCES "centre"("centre_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "seating" ADD CONSTRAINT "seating_centre_id_fkey" FOREIGN KEY ("centre_id") REFERENCES "centre"("centre_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "seat_allocation" ADD CONSTRAINT "seat_allocation_slot_id_centre_id_fkey" FOREIGN KEY ("slot_id", "centre_id") REFERENCES "seating"("slot_id", "centre_id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- Enumerations and numbers checked by the database as well (the API's contracts say the same).
ALTER TABLE "room" ADD CONSTRAINT "room_size_check" CHECK ("rows" > 0 AND "cols" > 0 AND "capacity" > 0 AND "capacity" <= "rows" * "cols");
ALTER TABLE "room" ADD CONSTRAINT "room_accessible_check" CHECK ("accessible" IN (0, 1));
ALTER TABLE "seating" ADD CONSTRAINT "seating_status_check" CHECK ("status" IN ('DRAFT', 'FINAL'));
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_status_check" CHECK ("status" IN ('PRESENT', 'ABSENT', 'UFM'));
ALTER TABLE "attendance_sheet" ADD CONSTRAINT "attendance_sheet_status_check" CHECK ("status" IN ('PENDING', 'ENTERED', 'VERIFIED', 'LOCKED'));
ALTER TABLE "ufm_case" ADD CONSTRAINT "ufm_case_status_check" CHECK ("status" IN ('REPORTED', 'SHOW_CAUSE_ISSUED', 'HEARD', 'DECIDED', 'APPROVED', 'APPLIED', 'CLOSED', 'APPEALED', 'APPEAL_DECIDED'));
ALTER TABLE "ufm_case" ADD CONSTRAINT "ufm_case_decision_check" CHECK ("decision" IS NULL OR "decision" IN ('U0', 'U1', 'U2', 'U3', 'U4'));

-- Centres: every college marked as an examination centre (is_centre = 1) is one, under its college id, which is the
-- centre_id roll allotment writes onto exam forms and admit cards.
INSERT INTO "centre" ("centre_id", "centre_name", "college_id")
SELECT "college_id", "college_name", "college_id" FROM "college" WHERE "is_centre" = 1
ON CONFLICT DO NOTHING;

-- The read model of attendance for the marks and coding modules: one row per attempt (exam × student × paper) with
-- the slot the paper is written in (timetable_slot_course), the candidate's centre (attendance, else admit card),
-- the attendance status (PRESENT, ABSENT, UFM; NULL while the candidate has no attendance row: not seated yet or
-- withheld), the answer-book number, the status of the attendance sheet of that slot and centre (NULL before the
-- plan is final) and whether an unfair-means case of that paper is still open (not yet APPLIED or CLOSED: the
-- paper's result is withheld, RW).
CREATE VIEW "attempt_attendance" AS
SELECT a."attempt_id", a."exam_id", a."paper_id", a."student_id", a."college_id",
       tsc."slot_id",
       COALESCE(att."centre_id", ac."centre_id") AS "centre_id",
       att."status",
       att."answer_book_no",
       sh."status" AS "sheet_status",
       EXISTS (
         SELECT 1 FROM "ufm_case" u
         WHERE u."exam_id" = a."exam_id" AND u."student_id" = a."student_id" AND u."paper_id" = a."paper_id"
           AND u."status" NOT IN ('APPLIED', 'CLOSED')
       ) AS "ufm_open"
FROM "attempt" a
LEFT JOIN "timetable_slot_course" tsc
  ON tsc."exam_id" = a."exam_id" AND tsc."session_id" = a."session_id" AND tsc."course_comb_id" = a."course_comb_id"
 AND tsc."sem_id" = a."sem_id" AND tsc."paper_id" = a."paper_id"
LEFT JOIN "admit_card" ac ON ac."exam_id" = a."exam_id" AND ac."student_id" = a."student_id"
LEFT JOIN "attendance" att ON att."slot_id" = tsc."slot_id" AND att."student_id" = a."student_id"
LEFT JOIN "attendance_sheet" sh ON sh."slot_id" = tsc."slot_id" AND sh."centre_id" = COALESCE(att."centre_id", ac."centre_id");
