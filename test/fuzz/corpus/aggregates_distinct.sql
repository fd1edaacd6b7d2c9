CREATE TABLE t(i INTEGER, s VARCHAR);
INSERT INTO t VALUES (1, 'a'), (1, 'b'), (2, 'a'), (NULL, NULL), (3, 'c');
SELECT count(DISTINCT i), sum(DISTINCT i), string_agg(DISTINCT s, ','), count(*), count(i) FROM t;
SELECT median(i), quantile_cont(i, 0.25), mode(s), stddev_samp(i), var_pop(i), bool_and(i > 0), list(s) FROM t;
SELECT arg_max(s, i), arg_min(s, i), any_value(s), product(i), first(s) FROM t;
