-- Chat: one room per donor, its messages (per-room seq), the people (donors) it shows, and
-- the console's notifications. Counters and markers are room columns changed in the same
-- transaction as the messages they count.

-- The donors (giving donor ids) as chat shows them, kept current by giving.donor.* events
-- (and refreshed when the BFF opens a room with what giving answered).
CREATE TABLE people (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    avatar TEXT NOT NULL DEFAULT '',
    -- lower(name) || ' ' || lower(email): the user list's search (copied to rooms).
    search_key TEXT NOT NULL,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    is_deleted BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at BIGINT NOT NULL
);

CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    -- The donor's people.search_key, copied here (kept with every change of the donor) so
    -- the user list's search reads the rooms alone (people holds every donor, rooms fewer).
    search_key TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    -- The newest message's seq (0: none yet) and time.
    last_seq BIGINT NOT NULL DEFAULT 0,
    last_message_at BIGINT,
    -- The user list's order in one column: last_message_at, or for a room with no message
    -- created_at - 10^13 (below every message time: such rooms come last, newest first).
    sort_key BIGINT NOT NULL,
    admin_unread BIGINT NOT NULL DEFAULT 0,
    member_unread BIGINT NOT NULL DEFAULT 0,
    admin_read_seq BIGINT NOT NULL DEFAULT 0,
    member_read_seq BIGINT NOT NULL DEFAULT 0,
    admin_delivered_seq BIGINT NOT NULL DEFAULT 0,
    member_delivered_seq BIGINT NOT NULL DEFAULT 0,
    -- The admin side sees only seq > admin_cleared_seq.
    admin_cleared_seq BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX rooms_user ON rooms (user_id);
CREATE INDEX rooms_order ON rooms (sort_key DESC, id DESC);

-- Kept counts (changed in the same transaction as their rows): 'rooms', the user list's
-- total without a search (never a COUNT over every room).
CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('rooms', 0);

CREATE TABLE messages (
    room_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    id TEXT NOT NULL,
    -- 'admin' or 'member'.
    sender_type TEXT NOT NULL,
    sender_id TEXT NOT NULL,
    -- An admin's name and avatar when it sent (a member's are read from people).
    sender_name TEXT NOT NULL DEFAULT '',
    sender_avatar TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL,
    image TEXT NOT NULL DEFAULT '',
    client_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- When the other side received / read it.
    delivered_at BIGINT,
    read_at BIGINT,
    PRIMARY KEY (room_id, seq)
);
CREATE UNIQUE INDEX messages_client ON messages (room_id, client_id);

CREATE TABLE notifications (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    title_key TEXT NOT NULL,
    message TEXT NOT NULL,
    -- 'all' or 'selected'.
    audience TEXT NOT NULL,
    -- JSON arrays of {id, name} (the read shape; notification_targets indexes the ids).
    charities TEXT NOT NULL DEFAULT '[]',
    causes TEXT NOT NULL DEFAULT '[]',
    sender_id TEXT NOT NULL,
    sender_name TEXT NOT NULL,
    reach BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX notifications_created ON notifications (created_at, id);
CREATE INDEX notifications_title ON notifications (title_key, id);
CREATE INDEX notifications_reach ON notifications (reach, id);
CREATE INDEX notifications_audience ON notifications (audience, created_at);

-- A 'selected' notification's nonprofits ('charity') and causes ('cause').
CREATE TABLE notification_targets (
    target_id TEXT NOT NULL,
    notification_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    PRIMARY KEY (target_id, notification_id)
);

-- Written only when a member reads a notification.
CREATE TABLE notification_reads (
    member_id TEXT NOT NULL,
    notification_id TEXT NOT NULL,
    read_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, notification_id)
);

-- Substring search of the user list (100,000 rooms) through trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX rooms_search_trigrams ON rooms USING gin (search_key gin_trgm_ops);
