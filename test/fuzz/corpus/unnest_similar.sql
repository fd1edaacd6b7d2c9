SELECT unnest([1, 2, 3]) AS x, 'a' SIMILAR TO '(a|b)%';
SELECT * FROM unnest([[1], [2, 3], NULL]) AS t(l);
SELECT [10, 20, 30][2], 'abc' NOT SIMILAR TO 'a_c';
