-- PostgreSQL's 0009 sets fill factors; SQLite has none (kept so both keep one numbering).
SELECT 1;
