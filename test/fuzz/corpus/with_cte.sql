WITH a AS (SELECT range AS i FROM range(10)), b AS (SELECT i * 2 AS j FROM a WHERE i % 3 = 0)
SELECT j, count(*) FROM b JOIN a ON a.i = b.j GROUP BY j ORDER BY j;
WITH x(n) AS (VALUES (1), (2), (3)) SELECT sum(n) FROM x;
