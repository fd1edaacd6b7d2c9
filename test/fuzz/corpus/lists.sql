SELECT [1, 2, 3], [], [NULL, 'a'], [[1], [2, 3]], ([1, 2])[2], list_value(1, 2);
SELECT list_contains([1, 2], 2), len([1, 2, 3]), list_append([1], 2), list_concat([1], [2]), list_reverse(['a', 'b']);
CREATE TABLE t(l INTEGER[], s VARCHAR[]);
INSERT INTO t VALUES ([1, 2], ['x']), (NULL, []), ([NULL], NULL);
SELECT l, s, l[1], list_position(l, 2), CAST(l AS VARCHAR), '[1,2]'::INTEGER[] FROM t;
