SELECT DISTINCT x FROM (VALUES (1), (1), (NULL), (2)) v(x) ORDER BY x NULLS LAST;
SELECT DISTINCT a, b FROM (VALUES (1, 'x'), (1, 'x'), (2, 'z')) t(a, b) ORDER BY a, b;
VALUES (1, 'a'), (2, 'b');
SELECT * FROM (VALUES (1, 2), (3, 4)) AS t(a, b) WHERE a BETWEEN 1 AND 2;
