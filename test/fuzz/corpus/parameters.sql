CREATE TABLE t(i INTEGER, l INTEGER[], s VARCHAR);
INSERT INTO t VALUES (1, [1, 2], 'a'), (2, NULL, 'b');
SELECT * FROM t WHERE i = $1;
SELECT list_contains(l, $1) FROM t;
INSERT INTO t VALUES (?, ?, ?);
SELECT count(*) FROM t WHERE s IN ($x, $y);
