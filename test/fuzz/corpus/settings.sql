SET default_order = 'desc';
SELECT * FROM range(3) ORDER BY 1;
SET default_null_order = 'nulls_first';
SELECT * FROM (VALUES (1), (NULL)) v(x) ORDER BY x;
PRAGMA memory_limit = '128MB';
SELECT current_setting('memory_limit');
RESET default_order;
RESET ALL;
SELECT * FROM teal_settings();
