-- Ends in errors on purpose: past max_expression_depth.
SET max_expression_depth = 20;
SELECT ((((((((((1))))))))));
SELECT (((((((((((((((((((((((((1)))))))))))))))))))))))));
SELECT (SELECT (SELECT (SELECT (SELECT (SELECT (SELECT (SELECT (SELECT 1))))))));
SELECT 1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1;
SELECT - - - - - - - - - - - - - - - - - - - - - - - - 1;
SELECT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT true;
SELECT CASE WHEN true THEN CASE WHEN true THEN CASE WHEN true THEN CASE WHEN true THEN CASE WHEN true THEN CASE WHEN true THEN 1 END END END END END END;
SELECT [[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]];
SET max_expression_depth = 3;
SELECT (1 + 2) * 3;
CREATE VIEW v AS SELECT 1 + 1 AS x;
RESET max_expression_depth;
SELECT * FROM v;
SELECT abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(abs(-1))))))))))))))))))));
SET max_expression_depth = 0;
SET max_expression_depth = -1;
