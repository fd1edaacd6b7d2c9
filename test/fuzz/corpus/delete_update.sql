CREATE TABLE t(i INTEGER, s VARCHAR);
INSERT INTO t SELECT range, 'v' || range::VARCHAR FROM range(20);
UPDATE t SET s = upper(s), i = i * 10 WHERE i % 2 = 0;
DELETE FROM t WHERE i > 100 OR s IS NULL;
UPDATE t SET s = NULL WHERE i IN (SELECT i FROM t WHERE i < 5);
SELECT count(*), sum(i), max(s) FROM t;
DELETE FROM t;
SELECT * FROM t;
