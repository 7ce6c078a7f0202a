-- Saved events (issue 12): the guest token family each guest with saves was last seen on. A guest's rows
-- (saves, follows, category visits) outlive the guest only while that family can still be refreshed; once
-- its last refresh token has expired (or it was revoked) the guest can never come back, and a daily job
-- removes what the guest left. No foreign key: the family may be cleaned up before the job runs.
CREATE TABLE guest_owners (
  guest_id uuid PRIMARY KEY,
  family_id uuid NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guest_owners_family_idx ON guest_owners (family_id);
