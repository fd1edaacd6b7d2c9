-- The first ORDER BY is ambiguous (an error); the rest are not.
CREATE TABLE t(i INTEGER, s VARCHAR, j INTEGER);
INSERT INTO t VALUES (1, 'b', 3), (2, 'a', 2), (NULL, NULL, 1);
SELECT i, j AS i FROM t ORDER BY i;
SELECT i, i FROM t ORDER BY i;
SELECT i AS x, i AS x FROM t ORDER BY x;
SELECT t.i, s AS i FROM t ORDER BY t.i;
SELECT i AS s, s FROM t ORDER BY 1, 2;
SELECT a.i, b.i FROM t a, t b ORDER BY a.i, b.i;
SELECT i, j AS i FROM t ORDER BY j;
SELECT DISTINCT i AS k FROM t ORDER BY k DESC NULLS LAST;
SELECT i AS k, count(*) FROM t GROUP BY i ORDER BY k;
SELECT i FROM t UNION SELECT j FROM t ORDER BY i;
