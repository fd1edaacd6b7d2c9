--prepare
CREATE TABLE t(i INTEGER, s VARCHAR, d DATE);
INSERT INTO t VALUES ($1, $2, $3);
INSERT INTO t VALUES (2, 'b', '2024-02-29');
SELECT * FROM t WHERE i = ? OR s = ?;
UPDATE t SET s = $name WHERE i >= $low;
DELETE FROM t WHERE d < $1;
SELECT $1 + 1, $2 || 'x', typeof($3);
