-- Audit: every event of the bus, once, in one append-only hash chain.
CREATE TABLE audit_records (
    id TEXT PRIMARY KEY,
    seq BIGINT NOT NULL,
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    service TEXT NOT NULL,
    entity TEXT NOT NULL,
    verb TEXT NOT NULL,
    module TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    account_type TEXT NOT NULL,
    address TEXT NOT NULL,
    changes TEXT NOT NULL,
    payload TEXT NOT NULL,
    trace_id TEXT NOT NULL,
    occurred_at BIGINT NOT NULL,
    recorded_at BIGINT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE UNIQUE INDEX audit_records_seq ON audit_records (seq);
CREATE UNIQUE INDEX audit_records_event ON audit_records (event_id);
CREATE INDEX audit_records_actor ON audit_records (actor_id, seq);
CREATE INDEX audit_records_module ON audit_records (module, seq);
CREATE INDEX audit_records_entity ON audit_records (entity, entity_id, seq);
CREATE INDEX audit_records_occurred ON audit_records (occurred_at, seq);

-- The head of the chain: one row, locked by every append so the chain stays linear.
CREATE TABLE audit_chain (
    id TEXT PRIMARY KEY,
    seq BIGINT NOT NULL,
    hash TEXT NOT NULL
);
INSERT INTO audit_chain (id, seq, hash) VALUES ('head', 0, '');

-- Records are never changed or removed.
CREATE FUNCTION audit_records_refuse() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit records are append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_records_no_change BEFORE UPDATE OR DELETE ON audit_records
FOR EACH ROW EXECUTE FUNCTION audit_records_refuse();
CREATE TRIGGER audit_records_no_truncate BEFORE TRUNCATE ON audit_records
FOR EACH STATEMENT EXECUTE FUNCTION audit_records_refuse();
