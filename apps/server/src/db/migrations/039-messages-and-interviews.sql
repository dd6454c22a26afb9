-- Messages and interviews (issue 33 items 5 and 6; decision record 42): one thread per application between the
-- job's team and the candidate, and the interviews the team proposes there.
CREATE TABLE application_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- NULL once the sender's account is deleted: the message stays in the thread.
  sender_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Which side wrote it, kept apart from the sender so a member who leaves the company still reads as the team.
  from_team boolean NOT NULL,
  body text NOT NULL CONSTRAINT application_messages_body_length CHECK (char_length(body) BETWEEN 1 AND 5000),
  by_email boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_messages_thread_idx ON application_messages (application_id, created_at, id);
-- The per-sender hourly limit counts from here.
CREATE INDEX application_messages_sender_idx ON application_messages (sender_id, created_at);

-- When each person last read a thread: later messages of the other side are unread for them.
CREATE TABLE application_thread_reads (
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (application_id, user_id)
);

CREATE TABLE interviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  status text NOT NULL CONSTRAINT interviews_status_check CHECK (status IN ('proposed', 'scheduled', 'cancelled')),
  length_minutes integer NOT NULL CONSTRAINT interviews_length_check CHECK (length_minutes BETWEEN 5 AND 480),
  location text NOT NULL CONSTRAINT interviews_location_length CHECK (char_length(location) BETWEEN 1 AND 500),
  -- The .ics SEQUENCE: raised by every change after the first invitation (RFC 5545 3.8.7.4).
  sequence integer NOT NULL DEFAULT 0,
  -- Whether an invitation (.ics) has gone out, so a later change is an update and a cancel is sent as one.
  invited boolean NOT NULL DEFAULT false,
  chosen_slot_id uuid,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX interviews_application_idx ON interviews (application_id, created_at);

-- A proposal's time slots (at most five): the instant in UTC and the IANA zone it was proposed in.
CREATE TABLE interview_slots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  interview_id uuid NOT NULL REFERENCES interviews (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  time_zone text NOT NULL CONSTRAINT interview_slots_zone_length CHECK (char_length(time_zone) BETWEEN 1 AND 64)
);
CREATE INDEX interview_slots_interview_idx ON interview_slots (interview_id, starts_at);
