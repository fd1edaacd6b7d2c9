SELECT 1 AS a, 2 AS b, 1 + 2 AS c;
SELECT t.* FROM (SELECT 1 AS x, 'y' AS y) t;
SELECT x.i + y.i FROM range(3) x(i), range(3) y(i) WHERE x.i <> y.i ORDER BY 1 LIMIT 4;
SELECT count(*), count_if(range > 5) FROM range(10);
