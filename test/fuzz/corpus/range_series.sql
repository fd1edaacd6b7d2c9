SELECT * FROM range(10);
SELECT * FROM range(0, 20, 3);
SELECT * FROM generate_series(1, 5);
SELECT * FROM range(10, 0, -2);
SELECT sum(range) FROM range(100000);
