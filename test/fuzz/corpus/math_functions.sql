SELECT abs(-3), ceil(1.2), floor(-1.2), round(2.555, 2), trunc(-2.7), sqrt(16), cbrt(27.0), pow(2, 10);
SELECT exp(1), log(100), log2(8), log10(1000), sign(-5), mod(7, 3), 7 % -3, -7 / 2, 7.0 / 2;
SELECT 'nan'::DOUBLE, 'inf'::FLOAT, (-(-127))::TINYINT, 2147483647 + 1::BIGINT;
-- a division by zero on purpose
SELECT 1 / 0;
