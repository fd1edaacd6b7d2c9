SELECT year(DATE '2024-02-29'), month(DATE '2024-02-29'), day(DATE '2024-02-29'), dayofweek(DATE '2024-02-29');
SELECT date_part('quarter', DATE '2024-05-01'), date_part('epoch', TIMESTAMP '2024-01-01'), date_trunc('month', TIMESTAMP '2024-02-29 10:00');
SELECT date_diff('day', DATE '2024-01-01', DATE '2024-12-31'), date_add(DATE '2024-01-31', INTERVAL '1 month'), last_day(DATE '2023-02-01');
SELECT make_date(2024, 2, 29), make_timestamp(2024, 1, 1, 12, 30, 15.5), strftime(TIMESTAMP '2024-01-02 03:04:05', '%Y/%m/%d %H:%M');
SELECT strptime('2024-03-04', '%Y-%m-%d'), monthname(DATE '2024-07-01'), dayname(DATE '2024-07-01'), to_timestamp(0), epoch_ms(1000);
