-- The waitlist is ordered by (created_at, id), for promotion and for the position a guest is shown.
-- Requests are serialised by the event's settings lock, but now() is the time the *transaction* began:
-- a request that began first and waited for the lock got an earlier created_at than one that took the
-- lock before it, so two guests could be told the same place in the line. clock_timestamp() is read when
-- the row is inserted, i.e. while the lock is held, so the line follows the order the lock was taken.
-- Rows already written keep their times (they were ordered by the rule of their day).
ALTER TABLE reservations ALTER COLUMN created_at SET DEFAULT clock_timestamp();
