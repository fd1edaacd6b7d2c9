CREATE TABLE t(g INTEGER, v INTEGER);
INSERT INTO t VALUES (1, 1), (1, 5), (2, 2), (2, 8), (3, NULL);
SELECT g, v FROM t o WHERE v = (SELECT max(v) FROM t i WHERE i.g = o.g) ORDER BY g;
SELECT g, (SELECT count(*) FROM t i WHERE i.v < o.v) FROM t o;
SELECT * FROM t o WHERE EXISTS (SELECT * FROM t i WHERE i.g = o.g AND i.v > o.v);
SELECT * FROM (SELECT g, sum(v) AS s FROM t GROUP BY g) sub WHERE s > 3;
