-- Accounting: management keeps the address lookups (seeds 001 §7 standard CRUD for countries,
-- cities and city subdivisions). The request role may now write these three global tables; the
-- contract lets only management staff call the writes (x-management). Tax offices and the chart of
-- accounts stay read-only. New rows take their ids from a sequence that starts after the shipped
-- data (Turkish provinces keep their plate numbers as ids: a new city gets 82 onwards).
CREATE SEQUENCE countries_id_seq OWNED BY countries.id;
SELECT setval('countries_id_seq', (SELECT coalesce(max(id), 0) + 1 FROM countries), false);
ALTER TABLE countries ALTER COLUMN id SET DEFAULT nextval('countries_id_seq');

CREATE SEQUENCE cities_id_seq OWNED BY cities.id;
SELECT setval('cities_id_seq', (SELECT coalesce(max(id), 0) + 1 FROM cities), false);
ALTER TABLE cities ALTER COLUMN id SET DEFAULT nextval('cities_id_seq');

CREATE SEQUENCE city_subdivisions_id_seq OWNED BY city_subdivisions.id;
SELECT setval('city_subdivisions_id_seq', (SELECT coalesce(max(id), 0) + 1 FROM city_subdivisions), false);
ALTER TABLE city_subdivisions ALTER COLUMN id SET DEFAULT nextval('city_subdivisions_id_seq');

ALTER TABLE countries ADD CONSTRAINT countries_name_length CHECK (length(name) BETWEEN 1 AND 100 AND length(name_en) BETWEEN 1 AND 100);
ALTER TABLE cities ADD CONSTRAINT cities_name_length CHECK (length(name) BETWEEN 1 AND 100);
ALTER TABLE city_subdivisions ADD CONSTRAINT city_subdivisions_name_length CHECK (length(name) BETWEEN 1 AND 100);

GRANT INSERT, UPDATE, DELETE ON countries, cities, city_subdivisions TO tezgah_app;
GRANT USAGE, SELECT ON SEQUENCE countries_id_seq, cities_id_seq, city_subdivisions_id_seq TO tezgah_app;
