-- The rooms the admin side has not read (the Message menu's count): a partial index, so the
-- count reads only those rooms however many donors have one.
CREATE INDEX rooms_admin_unread ON rooms (admin_unread) WHERE admin_unread > 0;
