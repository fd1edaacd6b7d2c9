CREATE TABLE a(id INTEGER, x VARCHAR);
CREATE TABLE b(id INTEGER, y DOUBLE);
INSERT INTO a VALUES (1, 'one'), (2, 'two'), (3, NULL);
INSERT INTO b VALUES (2, 2.5), (3, 3.5), (4, 4.5);
SELECT a.id, x, y FROM a JOIN b ON a.id = b.id ORDER BY 1;
SELECT * FROM a LEFT JOIN b ON a.id = b.id AND b.y > 3 ORDER BY a.id;
SELECT * FROM a RIGHT JOIN b ON a.id = b.id;
SELECT * FROM a FULL OUTER JOIN b ON a.id = b.id;
SELECT * FROM a, b WHERE a.id < b.id;
