-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'transition';

-- AlterTable
ALTER TABLE "audit_log" ADD COLUMN     "reason" VARCHAR(500),
ADD COLUMN     "transition" VARCHAR(40);
