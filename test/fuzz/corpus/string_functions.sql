SELECT upper('abc'), lower('ÄBC'), length('héllo'), substring('hello', 2, 3), 'a' || 'b' || NULL;
SELECT replace('aaa', 'a', 'bb'), reverse('abc'), repeat('ab', 3), lpad('x', 5, '-'), rpad('x', 3, '*');
SELECT trim('  x  '), ltrim('xxy', 'x'), split_part('a,b,c', ',', 2), strpos('hello', 'l'), concat_ws('-', 'a', NULL, 'c');
SELECT 'abc' LIKE 'a%', 'ABC' ILIKE 'a_c', regexp_matches('abc123', '[0-9]+'), regexp_replace('a1b2', '[0-9]', 'X', 'g');
SELECT md5('teal'), left('hello', 2), right('hello', 2), ascii('A'), chr(66), starts_with('abc', 'ab'), to_hex(255);
