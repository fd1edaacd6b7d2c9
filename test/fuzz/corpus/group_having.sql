CREATE TABLE t(g INTEGER, v BIGINT);
INSERT INTO t SELECT i % 5, i FROM range(100) r(i);
SELECT g, count(*), sum(v), avg(v), min(v), max(v) FROM t GROUP BY g HAVING sum(v) > 900 ORDER BY g;
