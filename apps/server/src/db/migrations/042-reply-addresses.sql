-- Replies by e-mail (issue 33 item 5; decision record 42): each person's reply address for a thread,
-- reply+<token>@INBOUND_MAIL_DOMAIN. The token is 128 random bits made by the server, so it cannot be guessed, and it
-- is looked up here rather than signed: an address must fit the 64 characters of a mail local part.
CREATE TABLE thread_reply_addresses (
  token text PRIMARY KEY CONSTRAINT thread_reply_addresses_token_format CHECK (token ~ '^[0-9a-f]{32}$'),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT thread_reply_addresses_one_per_person UNIQUE (application_id, user_id)
);
CREATE INDEX thread_reply_addresses_user_idx ON thread_reply_addresses (user_id);
