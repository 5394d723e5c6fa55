-- Attempts are counted before the password is checked (and given back on success), so the count is of attempts;
-- nothing is blocked for a fixed time any more: a key is refused while its window's count is over the limit.
ALTER TABLE "login_throttle" RENAME COLUMN "failures" TO "attempts";

ALTER TABLE "login_throttle" DROP COLUMN "blocked_until";
