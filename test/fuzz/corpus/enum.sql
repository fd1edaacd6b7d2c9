CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE t(m mood, n INTEGER);
INSERT INTO t VALUES ('ok', 1), ('happy', 2), ('sad', 3), (NULL, 4);
SELECT m, m::VARCHAR, 'happy'::mood, enum_range(NULL::mood), enum_first(NULL::mood) FROM t ORDER BY m;
SELECT m, count(*) FROM t WHERE m > 'sad' GROUP BY m;
DROP TABLE t;
DROP TYPE mood;
