-- Trigram matching for part-number and name searches (later issues add the GIN indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
