-- Webhooks (issue 36 item 3): a company's HTTPS endpoints and the deliveries owed to them. A delivery row is both the
-- queue entry (due, claimed, retried with backoff) and the log the company reads (its last answer), so nothing is
-- lost across restarts and nothing is kept twice.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  url text NOT NULL CONSTRAINT webhook_endpoints_url_length CHECK (char_length(url) <= 2000),
  events text[] NOT NULL,
  -- Signs each delivery (HMAC-SHA256); kept in clear because signing needs it, shown to the company's owner.
  secret text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_company_idx ON webhook_endpoints (company_id);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender that took the delivery holds it until then; a sender that died lets it fall due again.
  claimed_until timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz,
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  last_response text
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

-- One delivery per subscribed endpoint of the company, in the transaction of the change itself.
CREATE FUNCTION webhook_event(company uuid, kind text, data jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO webhook_deliveries (endpoint_id, event, payload)
  SELECT e.id, kind, jsonb_build_object('type', kind, 'createdAt', now(), 'company', c.slug, 'data', data)
    FROM webhook_endpoints e JOIN companies c ON c.id = e.company_id
   WHERE e.company_id = company AND kind = ANY (e.events)
$$;

CREATE FUNCTION webhooks_on_application() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  company uuid;
  external text;
BEGIN
  SELECT j.company_id, j.external_id INTO company, external FROM jobs j WHERE j.id = NEW.job_id;
  IF company IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_event(company, 'application.created', jsonb_build_object(
      'applicationId', NEW.id, 'jobId', NEW.job_id, 'externalJobId', external, 'stage', NEW.stage,
      'appliedAt', NEW.applied_at));
  ELSIF NEW.stage IS DISTINCT FROM OLD.stage THEN
    PERFORM webhook_event(company, 'application.stage_changed', jsonb_build_object(
      'applicationId', NEW.id, 'jobId', NEW.job_id, 'externalJobId', external, 'from', OLD.stage, 'to', NEW.stage,
      'changedAt', NEW.stage_changed_at));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER applications_webhooks AFTER INSERT OR UPDATE OF stage ON applications
  FOR EACH ROW EXECUTE FUNCTION webhooks_on_application();

CREATE FUNCTION webhooks_on_job_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NOT NULL THEN
    PERFORM webhook_event(NEW.company_id, 'job.' || NEW.status, jsonb_build_object(
      'jobId', NEW.id, 'externalId', NEW.external_id, 'status', NEW.status, 'at', now()));
  END IF;
  RETURN NULL;
END $$;
-- Fires only when a job becomes closed or expired: other writes to jobs pay nothing.
CREATE TRIGGER jobs_webhooks AFTER UPDATE OF status ON jobs
  FOR EACH ROW WHEN (NEW.status IN ('closed', 'expired') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION webhooks_on_job_status();
