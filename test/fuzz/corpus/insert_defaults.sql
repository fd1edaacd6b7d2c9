CREATE TABLE t(i INTEGER NOT NULL, s VARCHAR DEFAULT 'none', d DATE, ts TIMESTAMP, iv INTERVAL);
INSERT INTO t(i) VALUES (1);
INSERT INTO t VALUES (2, 'x', '2024-01-01', '2024-01-01 10:00:00', INTERVAL '3 days');
INSERT INTO t(i, d) SELECT range, DATE '2000-01-01' + range::INTEGER FROM range(3, 6);
-- a constraint error on purpose: the insert changes nothing
INSERT INTO t(s) VALUES ('violates not null');
SELECT * FROM t ORDER BY i;
