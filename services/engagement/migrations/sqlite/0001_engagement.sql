-- Engagement: communities, events, their members, posts, comments, likes, reports.
-- Booleans are INTEGER on SQLite (sqlx Any cannot decode BOOLEAN-typed columns).
-- Counts are columns kept in the same transaction as the rows they count.

-- The donors who acted here (giving donor ids): their display name, email and avatar, filled
-- when they act and kept current by giving.donor.created/updated.
CREATE TABLE people (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- name lower-cased by the service (search).
    name_key TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    avatar TEXT NOT NULL DEFAULT '',
    updated_at BIGINT NOT NULL
);

CREATE TABLE communities (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- trimmed, lower-cased name: search, sort and uniqueness among communities not deleted.
    name_key TEXT NOT NULL,
    description TEXT NOT NULL,
    cover_image TEXT NOT NULL,
    -- JSON arrays of strings (the read shape; community_links indexes the catalogue ids).
    gallery TEXT NOT NULL DEFAULT '[]',
    charity_ids TEXT NOT NULL DEFAULT '[]',
    cause_ids TEXT NOT NULL DEFAULT '[]',
    address TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    city_id TEXT NOT NULL DEFAULT '',
    state_id TEXT NOT NULL DEFAULT '',
    country_id TEXT NOT NULL DEFAULT '',
    zip_code TEXT NOT NULL DEFAULT '',
    privacy TEXT NOT NULL,
    -- 'platform' (the console's admin account) or a donor id.
    creator_id TEXT NOT NULL,
    members_count BIGINT NOT NULL DEFAULT 0,
    -- posts not deleted (active and inactive).
    posts_count BIGINT NOT NULL DEFAULT 0,
    is_hidden INTEGER NOT NULL DEFAULT 0,
    is_deleted INTEGER NOT NULL DEFAULT 0,
    deleted_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX communities_name_live ON communities (name_key) WHERE is_deleted = 0;
CREATE INDEX communities_created ON communities (is_deleted, created_at, id);
CREATE INDEX communities_name ON communities (is_deleted, name_key, id);
CREATE INDEX communities_members ON communities (is_deleted, members_count, id);
CREATE INDEX communities_posts ON communities (is_deleted, posts_count, id);

-- A community's nonprofits and causes, by catalogue id (catalogue deletions find them here).
CREATE TABLE community_links (
    community_id TEXT NOT NULL REFERENCES communities (id),
    kind TEXT NOT NULL, -- 'charity' or 'cause'
    target_id TEXT NOT NULL,
    PRIMARY KEY (community_id, kind, target_id)
);
CREATE INDEX community_links_target ON community_links (kind, target_id);

CREATE TABLE community_members (
    id TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id),
    donor_id TEXT NOT NULL,
    joined_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX community_members_once ON community_members (community_id, donor_id);
CREATE INDEX community_members_newest ON community_members (community_id, joined_at DESC, id DESC);
CREATE INDEX community_members_donor ON community_members (donor_id);

CREATE TABLE events (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    -- trimmed, lower-cased title: search and sort.
    title_key TEXT NOT NULL,
    description TEXT NOT NULL,
    images TEXT NOT NULL DEFAULT '[]',
    video TEXT NOT NULL DEFAULT '',
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    time_zone TEXT NOT NULL,
    is_online INTEGER NOT NULL DEFAULT 0,
    online_link TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    city_id TEXT NOT NULL DEFAULT '',
    state_id TEXT NOT NULL DEFAULT '',
    country_id TEXT NOT NULL DEFAULT '',
    zip_code TEXT NOT NULL DEFAULT '',
    host_type TEXT NOT NULL,
    host_id TEXT NOT NULL,
    host_name TEXT NOT NULL,
    capacity BIGINT NOT NULL DEFAULT 0,
    interested_count BIGINT NOT NULL DEFAULT 0,
    going_count BIGINT NOT NULL DEFAULT 0,
    not_going_count BIGINT NOT NULL DEFAULT 0,
    is_deleted INTEGER NOT NULL DEFAULT 0,
    deleted_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX events_starts ON events (is_deleted, starts_at, id);
CREATE INDEX events_ends ON events (is_deleted, ends_at, id);
CREATE INDEX events_created ON events (is_deleted, created_at, id);
CREATE INDEX events_title ON events (is_deleted, title_key, id);
CREATE INDEX events_deleted ON events (is_deleted, deleted_at, id);
CREATE INDEX events_host ON events (host_type, host_id);

-- status: 1 Interested, 2 Going, 3 Notgoing.
CREATE TABLE event_members (
    id TEXT PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES events (id),
    donor_id TEXT NOT NULL,
    status INTEGER NOT NULL,
    joined_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX event_members_once ON event_members (event_id, donor_id);
CREATE INDEX event_members_mode ON event_members (event_id, status, joined_at DESC, id DESC);
CREATE INDEX event_members_donor ON event_members (donor_id);

CREATE TABLE posts (
    id TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities (id),
    -- a donor id, 'platform', or '' once the donor was deleted ('Deleted donor').
    author_id TEXT NOT NULL,
    text TEXT NOT NULL,
    images TEXT NOT NULL DEFAULT '[]',
    likes_count BIGINT NOT NULL DEFAULT 0,
    -- comments and replies.
    comments_count BIGINT NOT NULL DEFAULT 0,
    -- open reports, and when the newest of them came.
    reports_count BIGINT NOT NULL DEFAULT 0,
    last_reported_at BIGINT NOT NULL DEFAULT 0,
    is_active INTEGER NOT NULL DEFAULT 1,
    is_deleted INTEGER NOT NULL DEFAULT 0,
    deleted_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX posts_feed ON posts (community_id, is_deleted, is_active, created_at DESC, id DESC);
CREATE INDEX posts_all ON posts (is_deleted, is_active, created_at DESC, id DESC);
CREATE INDEX posts_reported ON posts (last_reported_at DESC, id DESC) WHERE reports_count > 0;
CREATE INDEX posts_author ON posts (author_id);

-- account: a donor id or 'platform'. One row per account and post: like/unlike is one statement.
CREATE TABLE post_likes (
    post_id TEXT NOT NULL REFERENCES posts (id),
    account TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (post_id, account)
);
CREATE INDEX post_likes_account ON post_likes (account);

CREATE TABLE comments (
    id TEXT PRIMARY KEY,
    post_id TEXT NOT NULL REFERENCES posts (id),
    -- the top-level comment a reply answers; NULL on a top-level comment.
    parent_id TEXT REFERENCES comments (id),
    author_id TEXT NOT NULL,
    text TEXT NOT NULL,
    likes_count BIGINT NOT NULL DEFAULT 0,
    replies_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX comments_top ON comments (post_id, parent_id, created_at DESC, id DESC);
CREATE INDEX comments_replies ON comments (parent_id, created_at, id);
CREATE INDEX comments_author ON comments (author_id);

CREATE TABLE comment_likes (
    comment_id TEXT NOT NULL REFERENCES comments (id),
    account TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (comment_id, account)
);
CREATE INDEX comment_likes_account ON comment_likes (account);

-- Once per donor per post; open while closed_at is NULL.
CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    post_id TEXT NOT NULL REFERENCES posts (id),
    reporter_id TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    closed_at BIGINT,
    closed_by TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX reports_once ON reports (post_id, reporter_id);
CREATE INDEX reports_open ON reports (post_id, closed_at, created_at DESC, id DESC);
CREATE INDEX reports_reporter ON reports (reporter_id);
