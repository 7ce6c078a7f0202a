-- Accounts (DESIGN §4): proven e-mail, SMS codes, password resets.

-- Set when the owner of the address proved it (a verified Google e-mail, a completed password reset).
-- An address nobody proved may be taken over by its verified owner signing in with Google.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- One verified account per phone number, so a phone cannot make many accounts eligible to reserve.
CREATE UNIQUE INDEX users_verified_phone_key ON users (phone_number) WHERE phone_verified_at IS NOT NULL;

-- The current SMS code of a user (one at a time). The code itself is never stored: only its keyed hash,
-- written by the job that sends the SMS (NULL until then).
CREATE TABLE phone_codes (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  phone text NOT NULL,
  code_hash text,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL,
  generation integer NOT NULL DEFAULT 1
);

-- Password reset links: the token's SHA-256 only; single use, expiring.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
