-- Search everywhere (issue 36) finds a donor by the start of its phone: the phone is stored
-- as its ten digits (common::rules::Phone, since the first release), so it is its own key and
-- a range on this index serves the lookup. Expand only: an index (one pass over the donors).
CREATE INDEX donors_phone ON donors (phone_number);
