-- Trigram indexes serve the case-insensitive `q` search of every list.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
