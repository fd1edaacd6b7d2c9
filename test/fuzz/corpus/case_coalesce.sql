CREATE TABLE t(i INTEGER);
INSERT INTO t VALUES (1), (2), (NULL), (-4);
SELECT i, CASE WHEN i > 1 THEN 'big' WHEN i IS NULL THEN 'null' ELSE 'small' END,
       CASE i WHEN 1 THEN 10 WHEN 2 THEN 20 END, coalesce(i, 0), nullif(i, 2), ifnull(i, -1),
       greatest(i, 0), least(i, 0) FROM t;
