-- PostgreSQL's 0005 moves its community name search to a GiST trigram index; SQLite keeps its
-- FTS5 trigram table (0002). Nothing to change: this keeps both numbered alike.
SELECT 1;
