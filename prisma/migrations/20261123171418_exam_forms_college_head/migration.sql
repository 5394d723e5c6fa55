-- AlterTable
ALTER TABLE "users" ADD COLUMN     "college_head" BOOLEAN NOT NULL DEFAULT false;
