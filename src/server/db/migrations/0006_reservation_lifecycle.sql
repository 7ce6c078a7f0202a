-- Reservation lifecycle (DESIGN §6): organizers are told about new work in the same bell as guests, so
-- notifications gain the `organizer_reservation` type. Venue cancellations and event cancellations need
-- no new columns: they are status changes with an audit line like any other.
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
  CHECK (type IN ('reservation_status', 'reservation_reminder', 'organizer_reservation'));

