-- CreateTable
CREATE TABLE "login_throttle" (
    "key" VARCHAR(300) NOT NULL,
    "failures" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "login_throttle_pkey" PRIMARY KEY ("key")
);
