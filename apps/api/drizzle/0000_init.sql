-- Trigram similarity lets catalog search forgive typos ("chardonay", "proseco").
CREATE EXTENSION IF NOT EXISTS pg_trgm;
