#!/usr/bin/env python3
"""test/tools/difftest.py — random differential tester: Teal against SQLite and DuckDB.

Generates random small schemas and data, loads them identically into Teal (through
build/release/test/teal-difftest-driver), SQLite (Python's sqlite3 module) and DuckDB
(bench/duckdb/libduckdb.so through ctypes), runs random SELECT queries on all three and
classifies every query by how the answers compare. Standard library only. Not part of
`make test`; see test/tools/README.md for how to build the driver and run it.

The generator is typed (every expression knows whether it is an integer, decimal,
string, date or boolean), and renders one abstract query per engine, so dialect
differences that are not the point of the test are rendered away:
  * integer division and modulo follow PostgreSQL (truncating; division by zero is an
    error) in all three engines: DuckDB and SQLite get a CASE that raises an error on a
    zero divisor (DuckDB's error(), a Python function in SQLite) and otherwise
    divides with DuckDB's `//` / SQLite's `/`;
  * ORDER BY always says NULLS FIRST/LAST (the engines' defaults differ);
  * dates in SQLite are ISO text; date + n uses date(d, '+n days').
The differences that cannot be rendered away are in KNOWN_DIALECT_DIFFERENCES below,
each with its reason; queries that hit one are counted, not reported. A difference
between Teal and DuckDB is known only when DIALECT.md lists it.
"""

import argparse
import collections
import ctypes
import decimal
import json
import os
import random
import re
import select
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# ---------------------------------------------------------------------------------------
# Known dialect differences. Each entry: (name, where documented, reason, predicate over
# the outcome). An outcome is a dict {engine: ("rows", [...]) | ("error", message) |
# None (not run)} plus the query's feature set. A predicate returns True when the disagreement is
# explained by the difference, so it is counted under that name instead of reported.
# ---------------------------------------------------------------------------------------


def _err(outcome, engine):
    r = outcome.get(engine)
    return r[1] if r is not None and r[0] == "error" else None


def _only_sqlite_answers_out_of_range(outcome, features):
    # SQLite has no fixed-width integers: INTEGER is 64-bit and overflow turns into REAL.
    # When Teal and DuckDB both raise an overflow, SQLite's answer is not a reference.
    t, d = _err(outcome, "teal"), _err(outcome, "duckdb")
    return bool(t and d and re.search(r"out of range|overflow", t, re.I)
                and re.search(r"out of range|overflow", d, re.I))


def _sqlite_lax(outcome, features):
    # SQLite accepts what PostgreSQL and DuckDB reject: bare non-grouped columns next to
    # aggregates, comparisons across types, an overflowing literal. When Teal and DuckDB
    # both reject a query, SQLite's answer is not a reference.
    return _err(outcome, "teal") is not None and _err(outcome, "duckdb") is not None


def _nondeterministic_operand(outcome, features):
    # DIALECT.md: `x BETWEEN a AND b` (and `CASE x WHEN`) with a non-deterministic x is a
    # not-implemented error in Teal (PostgreSQL computes x once; DuckDB once per use).
    # The generator reaches it through an IN list with a volatile element inside x.
    t = _err(outcome, "teal")
    return bool(t and "in_list_volatile" in features and re.search(
        r"not implemented: (BETWEEN|CASE) whose operand is not deterministic", t))


def _outer_aggregate(outcome, features):
    # DIALECT.md: an aggregate in a subquery whose argument reads only an enclosing query's
    # columns belongs to that query (the standard; PostgreSQL), which then has one row per
    # group (one over no rows at all); DuckDB computes it in the subquery.
    # Moving the aggregate out can also make the query an error PostgreSQL gives too: the
    # aggregate lands in the outer WHERE or ON, inside another aggregate, beside an
    # ungrouped column of the outer query, or leaves the subquery with several rows.
    if "outer_aggregate" not in features:
        return False
    t = _err(outcome, "teal")
    if t is not None and _err(outcome, "duckdb") is not None:
        return False  # both refuse it: not this difference
    return t is None or bool(re.search(
        r"aggregate functions are not allowed in|aggregate function calls cannot be nested|"
        r"must appear in the GROUP BY clause|More than one row returned by a subquery", t))


def _decimal_scale_kept(outcome, features):
    # DIALECT.md: DECIMALs whose common type would need more than 38 digits keep their
    # scale in Teal (PostgreSQL's numeric keeps every digit) and their integer digits in
    # DuckDB, which rounds the value. Known when rounding Teal's DECIMAL(38,s) columns to
    # the scale DuckDB printed gives DuckDB's rows.
    t, d = outcome["teal"], outcome.get("duckdb")
    if t[0] != "rows" or d is None or d[0] != "rows" or len(t) < 3:
        return False
    wide = [i for i, ty in enumerate(t[2]) if re.fullmatch(r"DECIMAL\(38,[1-9]\d*\)", ty)]
    if not wide or len(t[1]) != len(d[1]):
        return False

    def scale_of(i):
        return max((len(row[i].split(".")[1]) for row in d[1]
                    if row[i] is not None and "." in row[i]), default=0)

    scales = {i: scale_of(i) for i in wide}

    def rounded(row):
        return [decimal.Decimal(v).quantize(decimal.Decimal(1).scaleb(-scales[i]),
                                            rounding=decimal.ROUND_HALF_UP).__str__()
                if i in scales and v is not None else v for i, v in enumerate(row)]

    # compared as multisets: the order, when the query has one, was compared before
    return norm_rows([rounded(r) for r in t[1]], False) == norm_rows(d[1], False)


# Each entry: (name, where it is documented, reason, predicate). A difference between
# Teal and DuckDB is known only when DIALECT.md (the repository's list of where Teal
# follows PostgreSQL rather than DuckDB) has a row for it: the second field is a piece of
# that row's text, checked against the file at start-up (check_dialect_doc), so this list
# cannot outgrow DIALECT.md. The other entries are SQLite's own limits ("sqlite").
# DIALECT.md's other rows are rendered away (integer `/` and `%`, division by zero, NULL
# order) or never generated (ambiguous ORDER BY names, GROUP BY ALL with a list, an ON
# naming an earlier FROM item).
KNOWN_DIALECT_DIFFERENCES = [
    ("decimal-scale-kept", "the common type of DECIMALs with more than 38 digits",
     "DECIMALs whose common type needs more than 38 digits keep their scale in Teal "
     "(PostgreSQL), their integer digits in DuckDB, which rounds (DIALECT.md)",
     _decimal_scale_kept),
    ("nondeterministic-operand", "with a non-deterministic `x`",
     "Teal refuses a non-deterministic BETWEEN operand (not implemented) where DuckDB "
     "computes it per comparison (DIALECT.md)", _nondeterministic_operand),
    ("outer-aggregate", "whose arguments read only an enclosing query's columns",
     "an aggregate whose argument reads only an enclosing query's columns belongs to that "
     "query in Teal (PostgreSQL, the standard), to the subquery in DuckDB (DIALECT.md)",
     _outer_aggregate),
    ("sqlite-64bit-integers", "sqlite", "SQLite has only 64-bit integers and turns overflow "
     "into REAL; Teal (PostgreSQL) and DuckDB raise an error for an overflowing "
     "fixed-width integer", _only_sqlite_answers_out_of_range),
    ("sqlite-lax", "sqlite", "Teal and DuckDB both reject the query, SQLite (which accepts "
     "bare columns beside aggregates and cross-type comparisons) answers it", _sqlite_lax),
]


def check_dialect_doc():
    """Exits when a Teal-vs-DuckDB entry of KNOWN_DIALECT_DIFFERENCES has no row in
    DIALECT.md (the row was removed or reworded: the entry must go or follow it)."""
    path = os.path.join(ROOT, "DIALECT.md")
    rows = [line for line in open(path).read().splitlines() if line.startswith("|")]
    for name, doc, _, _ in KNOWN_DIALECT_DIFFERENCES:
        if doc != "sqlite" and not any(doc in row for row in rows):
            sys.exit("difftest: known difference %s cites %r, which no row of %s has" %
                     (name, doc, path))


# ---------------------------------------------------------------------------------------
# Engines
# ---------------------------------------------------------------------------------------


class EngineError(Exception):
    pass


class TealEngine:
    """The C++ driver (teal_difftest_driver.cpp) on a pipe; restarted after a crash."""

    name = "teal"

    def __init__(self, driver, timeout):
        self.driver = driver
        self.timeout = timeout
        self.proc = None
        self.setup = []
        self._start()

    def _start(self):
        self.proc = subprocess.Popen([self.driver], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.buf = b""

    def _readline(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError()
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                raise TimeoutError()
            chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError()
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace")

    def _send(self, sql):
        data = sql.encode()
        self.proc.stdin.write(str(len(data)).encode() + b"\n" + data)
        self.proc.stdin.flush()

    def restart(self):
        try:
            self.proc.kill()
            self.proc.wait()
        except OSError:
            pass
        self._start()
        for sql in self.setup:
            self.query(sql)

    def reset(self, setup):
        self.setup = []
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self._start()
        for sql in setup:
            r = self.query(sql)
            if r[0] != "rows":
                raise EngineError("teal setup failed: %s: %s" % (sql, r[1]))
        self.setup = list(setup)

    def query(self, sql):
        deadline = time.monotonic() + self.timeout
        try:
            self._send(sql)
            head = self._readline(deadline)
            if head.startswith("ERR "):
                return ("error", unescape(head[4:]))
            _, ncols, nrows = head.split(" ")
            types = self._readline(deadline).split("\t")
            rows = []
            for _ in range(int(nrows)):
                line = self._readline(deadline)
                rows.append([None if f == "\\N" else unescape(f) for f in line.split("\t")]
                            if int(ncols) else [])
            return ("rows", rows, [t.upper() for t in types])
        except TimeoutError:
            self.restart()
            return ("error", "TIMEOUT after %ss" % self.timeout)
        except (EOFError, BrokenPipeError):
            self.restart()
            return ("error", "CRASH (driver died)")


def unescape(text):
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            out.append({"t": "\t", "n": "\n", "\\": "\\"}.get(n, n))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


class DuckDBResult(ctypes.Structure):
    # duckdb_result of DuckDB's C API (1.x): four deprecated fields, then internal data.
    _fields_ = [("column_count", ctypes.c_uint64), ("row_count", ctypes.c_uint64),
                ("rows_changed", ctypes.c_uint64), ("columns", ctypes.c_void_p),
                ("error", ctypes.c_char_p), ("internal", ctypes.c_void_p)]


DUCKDB_TYPE_NAMES = {1: "BOOLEAN", 2: "TINYINT", 3: "SMALLINT", 4: "INTEGER", 5: "BIGINT",
                     6: "UTINYINT", 7: "USMALLINT", 8: "UINTEGER", 9: "UBIGINT", 10: "FLOAT",
                     11: "DOUBLE", 12: "TIMESTAMP", 13: "DATE", 16: "HUGEINT", 17: "VARCHAR",
                     19: "DECIMAL", 32: "UHUGEINT"}


class DuckDBEngine:
    name = "duckdb"

    def __init__(self, library):
        lib = ctypes.CDLL(library)
        self.lib = lib
        lib.duckdb_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.duckdb_connect.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
        lib.duckdb_disconnect.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
        lib.duckdb_close.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
        lib.duckdb_query.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                     ctypes.POINTER(DuckDBResult)]
        lib.duckdb_query.restype = ctypes.c_int
        lib.duckdb_column_count.argtypes = [ctypes.POINTER(DuckDBResult)]
        lib.duckdb_column_count.restype = ctypes.c_uint64
        lib.duckdb_row_count.argtypes = [ctypes.POINTER(DuckDBResult)]
        lib.duckdb_row_count.restype = ctypes.c_uint64
        lib.duckdb_column_type.argtypes = [ctypes.POINTER(DuckDBResult), ctypes.c_uint64]
        lib.duckdb_column_type.restype = ctypes.c_int
        lib.duckdb_value_is_null.argtypes = [ctypes.POINTER(DuckDBResult), ctypes.c_uint64,
                                             ctypes.c_uint64]
        lib.duckdb_value_is_null.restype = ctypes.c_bool
        lib.duckdb_value_varchar.argtypes = [ctypes.POINTER(DuckDBResult), ctypes.c_uint64,
                                             ctypes.c_uint64]
        lib.duckdb_value_varchar.restype = ctypes.c_void_p
        lib.duckdb_free.argtypes = [ctypes.c_void_p]
        lib.duckdb_result_error.argtypes = [ctypes.POINTER(DuckDBResult)]
        lib.duckdb_result_error.restype = ctypes.c_char_p
        lib.duckdb_destroy_result.argtypes = [ctypes.POINTER(DuckDBResult)]
        self.db = ctypes.c_void_p()
        self.con = ctypes.c_void_p()

    def reset(self, setup):
        if self.con:
            self.lib.duckdb_disconnect(ctypes.byref(self.con))
            self.lib.duckdb_close(ctypes.byref(self.db))
        if self.lib.duckdb_open(None, ctypes.byref(self.db)) != 0:
            raise EngineError("duckdb_open failed")
        if self.lib.duckdb_connect(self.db, ctypes.byref(self.con)) != 0:
            raise EngineError("duckdb_connect failed")
        for sql in ["SET threads=1"] + setup:
            r = self.query(sql)
            if r[0] != "rows":
                raise EngineError("duckdb setup failed: %s: %s" % (sql, r[1]))

    def query(self, sql):
        res = DuckDBResult()
        lib = self.lib
        state = lib.duckdb_query(self.con, sql.encode(), ctypes.byref(res))
        try:
            if state != 0:
                msg = lib.duckdb_result_error(ctypes.byref(res))
                return ("error", msg.decode("utf-8", "replace") if msg else "error")
            ncols = lib.duckdb_column_count(ctypes.byref(res))
            nrows = lib.duckdb_row_count(ctypes.byref(res))
            types = [DUCKDB_TYPE_NAMES.get(lib.duckdb_column_type(ctypes.byref(res), c), "?")
                     for c in range(ncols)]
            rows = []
            for r in range(nrows):
                row = []
                for c in range(ncols):
                    if lib.duckdb_value_is_null(ctypes.byref(res), c, r):
                        row.append(None)
                    else:
                        p = lib.duckdb_value_varchar(ctypes.byref(res), c, r)
                        row.append(ctypes.string_at(p).decode("utf-8", "replace"))
                        lib.duckdb_free(p)
                rows.append(row)
            return ("rows", rows, types)
        finally:
            lib.duckdb_destroy_result(ctypes.byref(res))


class DuckDBProcess:
    """DuckDBEngine in a child process (this script with --duckdb-worker), so that a crash
    inside libduckdb ends a query, not the run: the child is restarted and its tables
    loaded again, and the query counts as a DuckDB error ("CRASH (duckdb died)")."""

    name = "duckdb"

    def __init__(self, library, timeout):
        self.library = library
        self.timeout = timeout
        self.setup = []
        self.crashes = 0
        self._start()

    def _start(self):
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--duckdb-worker", "--duckdb",
             self.library], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buf = b""

    def _call(self, request):
        self.proc.stdin.write(json.dumps(request).encode() + b"\n")
        self.proc.stdin.flush()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.proc.stdout], [], [], left)[0]:
                raise TimeoutError()
            chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError()
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return tuple(json.loads(line))

    def _restart(self):
        try:
            self.proc.kill()
            self.proc.wait()
        except OSError:
            pass
        self._start()
        self._call({"setup": self.setup})

    def reset(self, setup):
        self.setup = list(setup)
        try:
            r = self._call({"setup": self.setup})
        except (TimeoutError, EOFError, BrokenPipeError):
            self._restart()
            r = ("rows",)
        if r[0] != "rows":
            raise EngineError("duckdb setup failed: %s" % r[1])

    def query(self, sql):
        try:
            return self._call({"sql": sql})
        except TimeoutError:
            self._restart()
            return ("error", "TIMEOUT after %ss" % self.timeout)
        except (EOFError, BrokenPipeError):
            self.crashes += 1
            self._restart()
            return ("error", "CRASH (duckdb died)")


def duckdb_worker(library):
    """The child side of DuckDBProcess: one JSON request a line on stdin ({"setup": [...]}
    or {"sql": "..."}), one JSON answer a line on stdout."""
    duck = DuckDBEngine(library)
    for line in sys.stdin:
        request = json.loads(line)
        if "setup" in request:
            try:
                duck.reset(request["setup"])
                answer = ("rows", [], [])
            except EngineError as e:
                answer = ("error", str(e))
        else:
            answer = duck.query(request["sql"])
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


class SQLiteError(Exception):
    pass


def _sqlite_err(message):
    raise SQLiteError(message)


class SQLiteEngine:
    name = "sqlite"

    def __init__(self, max_steps):
        self.max_steps = max_steps
        self.con = None

    def reset(self, setup):
        if self.con is not None:
            self.con.close()
        self.con = sqlite3.connect(":memory:", isolation_level=None)
        self.con.create_function("err", 1, _sqlite_err)
        for sql in setup:
            r = self.query(sql)
            if r[0] != "rows":
                raise EngineError("sqlite setup failed: %s: %s" % (sql, r[1]))

    def query(self, sql):
        steps = [0]

        def progress():
            steps[0] += 1
            return 1 if steps[0] > self.max_steps else 0

        self.con.set_progress_handler(progress, 1000)
        try:
            cur = self.con.execute(sql)
            rows = cur.fetchall()
            out = [[None if v is None else (repr(v) if isinstance(v, float) else str(v))
                    for v in row] for row in rows]
            return ("rows", out, ["?"] * (len(cur.description) if cur.description else 0))
        except Exception as e:  # sqlite3.Error, or SQLiteError raised inside err()
            msg = str(e)
            if steps[0] > self.max_steps:
                msg = "TIMEOUT (step limit)"
            return ("error", msg)
        finally:
            self.con.set_progress_handler(None, 0)


# ---------------------------------------------------------------------------------------
# Normalisation and comparison
# ---------------------------------------------------------------------------------------

_NUM = re.compile(r"^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")


def norm_value(v, loose=False):
    """v as a comparable tuple. Integers compare exactly, other numbers to 9 significant
    digits. loose (for comparisons with SQLite, which computes DECIMAL as REAL) rounds
    every number to 9 significant digits first, so 1.0000000000000009 is 1 and
    9.223372036854776e+18 equals 9223372036854775804.89."""
    if v is None:
        return (0, None)
    if v in ("true", "false"):
        return (1, 1 if v == "true" else 0)
    if _NUM.match(v) or v in ("inf", "-inf", "nan", "Infinity", "-Infinity", "NaN"):
        try:
            d = decimal.Decimal(v.replace("Infinity", "inf"))
        except decimal.InvalidOperation:
            return (2, v)
        if d.is_nan():
            return (1, "nan")
        if d.is_infinite():
            return (1, float(d))
        if loose:
            f = float("%.9g" % float(d))
            return (1, int(f) if f.is_integer() else f)
        if d == d.to_integral_value():
            return (1, int(d))
        return (1, float("%.9g" % float(d)))
    return (2, v)


def norm_rows(rows, ordered, loose=False):
    n = [tuple(norm_value(v, loose) for v in row) for row in rows]
    return n if ordered else sorted(n, key=repr)


# ---------------------------------------------------------------------------------------
# Schema and data generation
# ---------------------------------------------------------------------------------------

INT_TYPES = {  # name: (min, max)
    "TINYINT": (-128, 127), "SMALLINT": (-32768, 32767), "INTEGER": (-2**31, 2**31 - 1),
    "BIGINT": (-2**63, 2**63 - 1), "UTINYINT": (0, 255), "USMALLINT": (0, 65535),
    "UINTEGER": (0, 2**32 - 1), "UBIGINT": (0, 2**64 - 1), "HUGEINT": (-2**127, 2**127 - 1),
}
# Types SQLite cannot hold exactly: a query that reads such a column runs without SQLite.
BIG_TYPES = {"UBIGINT", "HUGEINT"}
COLUMN_NAMES = ["a", "b", "c", "d", "e"]


class Column:
    def __init__(self, name, sqltype):
        self.name = name
        self.sqltype = sqltype
        if sqltype in INT_TYPES:
            self.cls = "int"
        elif sqltype.startswith("DECIMAL"):
            self.cls = "dec"
        elif sqltype == "VARCHAR":
            self.cls = "str"
        elif sqltype == "DATE":
            self.cls = "date"
        else:
            self.cls = "bool"


class Table:
    def __init__(self, name, columns, rows):
        self.name = name
        self.columns = columns
        self.rows = rows


def random_value(rng, col):
    if rng.random() < 0.2:
        return "NULL"
    t = col.sqltype
    if col.cls == "int":
        lo, hi = INT_TYPES[t]
        r = rng.random()
        if r < 0.03:
            return str(rng.choice([lo, hi]))
        if r < 0.1 and t in BIG_TYPES:
            return str(rng.randint(lo, hi))
        return str(max(lo, min(hi, rng.randint(-10, 20))))
    if col.cls == "dec":
        scale = int(t.split(",")[1].rstrip(")"))
        if rng.random() < 0.3:
            return str(rng.randint(-5, 10))
        return "%.*f" % (scale, rng.randint(-2000, 2000) / 100.0)
    if col.cls == "str":
        return "'%s'" % rng.choice(["", "a", "b", "ab", "abc", "ba", "c", "zz", "a b", "bca"])
    if col.cls == "date":
        return "'%04d-%02d-%02d'" % (rng.choice([1999, 2000, 2020, 2024]), rng.randint(1, 12),
                                      rng.randint(1, 28))
    return rng.choice(["true", "false"])


def random_schema(rng):
    tables = []
    for i in range(rng.randint(2, 4)):
        ncols = rng.randint(1, 4)
        names = rng.sample(COLUMN_NAMES, ncols)
        cols = []
        for n in names:
            r = rng.random()
            if r < 0.5:
                t = rng.choice(list(INT_TYPES))
            elif r < 0.62:
                t = rng.choice(["DECIMAL(10,2)", "DECIMAL(4,1)", "DECIMAL(18,3)"])
            elif r < 0.8:
                t = "VARCHAR"
            elif r < 0.92:
                t = "DATE"
            else:
                t = "BOOLEAN"
            cols.append(Column(n, t))
        nrows = rng.choice([0, 1, 2, 3, 5, 8, 12, 20, 30])
        rows = [[random_value(rng, c) for c in cols] for _ in range(nrows)]
        tables.append(Table("t%d" % i, cols, rows))
    return tables


def setup_sql(tables):
    out = []
    for t in tables:
        out.append("CREATE TABLE %s(%s)" % (t.name, ", ".join("%s %s" % (c.name, c.sqltype)
                                                            for c in t.columns)))
        if t.rows:
            out.append("INSERT INTO %s VALUES %s" % (t.name, ", ".join(
                "(%s)" % ", ".join(r) for r in t.rows)))
    return out


# ---------------------------------------------------------------------------------------
# Query generation. An expression is rendered by calling it with the engine name.
# ---------------------------------------------------------------------------------------

ENGINES = ("teal", "duckdb", "sqlite")


def lit(text):
    return lambda e: text


def join_render(parts):
    """parts: strings and callables; returns a callable rendering their concatenation."""
    return lambda e: "".join(p if isinstance(p, str) else p(e) for p in parts)


class Scope:
    """The FROM items visible at one query level: [(alias, Table)]."""

    def __init__(self, items, parent=None):
        self.items = items
        self.parent = parent

    def level_columns(self):
        return [(alias, t, c) for alias, t in self.items for c in t.columns]


class QueryGen:
    def __init__(self, rng, tables):
        self.rng = rng
        self.tables = tables
        self.features = set()
        self.alias_counter = 0
        self.force_qualified = False
        # one list per aggregate (or division) being generated: (alias, subquery depth) of
        # every column it references
        self.ref_logs = []
        self.depth = 0  # subqueries being generated around the current expression

    def new_alias(self):
        self.alias_counter += 1
        return "x%d" % self.alias_counter

    # ---- column references with SQL's name resolution ----

    def visible_columns(self, scope, cls):
        """Columns of class `cls` (or any when None) visible from `scope`, with how to
        name each: qualified always works; unqualified when the name is unique at the
        innermost level that has it."""
        out = []
        level = 0
        s = scope
        shadowed = set()
        while s is not None:
            cols = s.level_columns()
            counts = collections.Counter(c.name for _, _, c in cols)
            for alias, t, c in cols:
                if cls is None or c.cls == cls or (cls == "num" and c.cls in ("int", "dec")):
                    unq = counts[c.name] == 1 and c.name not in shadowed
                    out.append((alias, t, c, level, unq))
            shadowed |= set(counts)
            s = s.parent
            level += 1
        return out

    def column_ref(self, scope, cls, agg_ok_outer=True):
        cands = self.visible_columns(scope, cls)
        if not cands:
            return None
        rng = self.rng
        # prefer the current level, sometimes an outer one (correlation)
        inner = [x for x in cands if x[3] == 0]
        pick = rng.choice(inner) if inner and rng.random() < 0.75 else rng.choice(cands)
        alias, t, c, level, unq = pick
        for log in self.ref_logs:
            log.append((alias, self.depth))
        if level > 0:
            self.features.add("correlated")
        if c.sqltype in BIG_TYPES:
            self.features.add("bigtype")
        if unq and not self.force_qualified and rng.random() < 0.5:
            if level > 0:
                self.features.add("unqualified_outer")
            return lit(c.name), c
        return lit("%s.%s" % (alias, c.name)), c

    # ---- typed expressions ----

    def int_literal(self):
        rng = self.rng
        r = rng.random()
        if r < 0.05:
            self.features.add("literal_arith")
            return lit(str(rng.choice([2147483647, -2147483648, 127, 255, 32767,
                                       9223372036854775807])))
        return lit(str(rng.randint(-5, 10)))

    def expr(self, scope, cls, depth, agg=False):
        """An expression of class cls ('int','dec','str','date','bool'). When agg is
        true, bare column references are not allowed (only inside aggregates or grouped
        columns, which the caller supplies through self.grouped)."""
        rng = self.rng
        if cls == "bool":
            return self.pred(scope, depth, agg)
        leaf = depth <= 0 or rng.random() < 0.3
        if leaf:
            return self.leaf(scope, cls, agg)
        r = rng.random()
        if cls == "int":
            if r < 0.3:
                op = rng.choice(["+", "-", "*"])
                a, b = self.expr(scope, "int", depth - 1, agg), self.expr(scope, "int",
                                                                         depth - 1, agg)
                return join_render(["(", a, " %s " % op, b, ")"])
            if r < 0.4:
                return self.division(scope, depth, agg, rng.choice(["/", "%"]))
            if r < 0.5:
                return self.case_expr(scope, "int", depth, agg)
            if r < 0.6:
                return self.coalesce(scope, "int", depth, agg)
            if r < 0.68:
                return self.scalar_subquery(scope, "int", depth)
            if r < 0.74:
                a = self.expr(scope, "str", depth - 1, agg)
                return join_render(["length(", a, ")"])
            if r < 0.8:
                a = self.expr(scope, "int", depth - 1, agg)
                return join_render(["abs(", a, ")"])
            if r < 0.85:
                a = self.expr(scope, "date", depth - 1, agg)
                f = "extract(year FROM %s)" if rng.random() < 0.02 else "date_part('year', %s)"
                return lambda e, a=a, f=f: ("CAST(strftime('%%Y', %s) AS INTEGER)" % a(e)
                                            if e == "sqlite" else "CAST(%s AS INTEGER)" % (f % a(e)))
            if r < 0.9:
                a, b = self.expr(scope, "int", depth - 1, agg), self.expr(scope, "int",
                                                                         depth - 1, agg)
                return join_render(["NULLIF(", a, ", ", b, ")"])
            return self.leaf(scope, cls, agg)
        if cls == "dec":
            if r < 0.4:
                op = rng.choice(["+", "-"])
                a = self.expr(scope, rng.choice(["dec", "int"]), depth - 1, agg)
                b = self.expr(scope, "dec", depth - 1, agg)
                return join_render(["(", a, " %s " % op, b, ")"])
            if r < 0.55:
                return self.case_expr(scope, "dec", depth, agg)
            if r < 0.7:
                return self.coalesce(scope, "dec", depth, agg)
            if r < 0.8:
                return self.scalar_subquery(scope, "dec", depth)
            return self.leaf(scope, cls, agg)
        if cls == "str":
            if r < 0.3:
                a, b = self.expr(scope, "str", depth - 1, agg), self.expr(scope, "str",
                                                                         depth - 1, agg)
                return join_render(["(", a, " || ", b, ")"])
            if r < 0.45:
                a = self.expr(scope, "str", depth - 1, agg)
                return join_render([rng.choice(["upper(", "lower(", "trim("]), a, ")"])
            if r < 0.55:
                a = self.expr(scope, "str", depth - 1, agg)
                return join_render(["substr(", a, ", %d, %d)" % (rng.randint(1, 3),
                                                                 rng.randint(0, 3))])
            if r < 0.7:
                return self.case_expr(scope, "str", depth, agg)
            if r < 0.8:
                return self.coalesce(scope, "str", depth, agg)
            if r < 0.88:
                return self.scalar_subquery(scope, "str", depth)
            return self.leaf(scope, cls, agg)
        if cls == "date":
            if r < 0.3:
                a = self.expr(scope, "date", depth - 1, agg)
                n = rng.randint(-40, 40)
                return lambda e, a=a, n=n: ("date(%s, '%+d days')" % (a(e), n) if e == "sqlite"
                                            else "(%s + %d)" % (a(e), n))
            if r < 0.45:
                return self.case_expr(scope, "date", depth, agg)
            if r < 0.6:
                return self.coalesce(scope, "date", depth, agg)
            if r < 0.7:
                return self.scalar_subquery(scope, "date", depth)
            return self.leaf(scope, cls, agg)
        raise AssertionError(cls)

    def leaf(self, scope, cls, agg):
        rng = self.rng
        if agg:
            g = [x for x in self.grouped if x[1] == cls]
            if g and rng.random() < 0.5:
                return rng.choice(g)[0]
            if cls in ("int", "dec", "str", "date") and rng.random() < 0.7:
                return self.aggregate(scope, cls)
            return self.literal(cls)
        if rng.random() < 0.75:
            ref = self.column_ref(scope, cls)
            if ref is not None:
                return ref[0]
        return self.literal(cls)

    def literal(self, cls):
        rng = self.rng
        if rng.random() < 0.1:
            # a typed NULL: a bare NULL's type is an engine's choice (PostgreSQL's unknown
            # makes abs(NULL) ambiguous; DuckDB's SQLNULL compares with anything)
            self.features.add("null_literal")
            t = {"int": "INTEGER", "dec": "DECIMAL(10,2)", "str": "VARCHAR", "date": "DATE",
                 "bool": "BOOLEAN"}[cls]
            return lambda e, t=t: "NULL" if e == "sqlite" else "CAST(NULL AS %s)" % t
        if cls == "int":
            return self.int_literal()
        if cls == "dec":
            return lit("%.2f" % (rng.randint(-1000, 1000) / 100.0))
        if cls == "str":
            return lit("'%s'" % rng.choice(["", "a", "b", "ab", "c", "zz"]))
        if cls == "date":
            d = "%04d-%02d-%02d" % (rng.choice([2000, 2020]), rng.randint(1, 12),
                                     rng.randint(1, 28))
            return lambda e, d=d: "'%s'" % d if e == "sqlite" else "DATE '%s'" % d
        return lit(rng.choice(["true", "false"]))

    def division(self, scope, depth, agg, op):
        """PostgreSQL integer division/modulo: truncating, error on a zero divisor."""
        self.features.add("division")
        self.ref_logs.append([])
        a = self.expr(scope, "int", depth - 1, agg)
        b = self.expr(scope, "int", depth - 1, agg) if self.rng.random() < 0.7 else lit(
            str(self.rng.choice([0, 2, 3, -2])))
        if not self.ref_logs.pop():
            # a constant x / 0: PostgreSQL folds it at plan time and errors even when no row
            # reaches it; Teal (like DuckDB and SQLite) leaves it to the rows that need it
            self.features.add("constant_division")

        def render(e, a=a, b=b, op=op):
            x, y = a(e), b(e)
            if e == "teal":
                return "(%s %s %s)" % (x, op, y)
            if e == "duckdb":
                dop = "//" if op == "/" else "%"
                return ("(CASE WHEN (%s) IS NULL OR (%s) IS NULL THEN NULL WHEN (%s) = 0 THEN "
                        "error('division by zero') ELSE (%s) %s (%s) END)" % (x, y, y, x, dop, y))
            return ("(CASE WHEN (%s) IS NULL OR (%s) IS NULL THEN NULL WHEN (%s) = 0 THEN "
                    "err('division by zero') ELSE (%s) %s (%s) END)" % (x, y, y, x, op, y))

        return render

    def case_expr(self, scope, cls, depth, agg):
        self.features.add("case")
        rng = self.rng
        parts = ["CASE"]
        for _ in range(rng.randint(1, 2)):
            parts += [" WHEN ", self.pred(scope, depth - 1, agg), " THEN ",
                      self.maybe_erroring(scope, cls, depth - 1, agg)]
        if rng.random() < 0.7:
            parts += [" ELSE ", self.maybe_erroring(scope, cls, depth - 1, agg)]
        parts.append(" END")
        return join_render(parts)

    def maybe_erroring(self, scope, cls, depth, agg):
        """Usually a normal expression; sometimes one that errors when evaluated, so that
        an engine evaluating a branch it should not take is caught."""
        if cls == "int" and self.rng.random() < 0.12:
            self.features.add("erroring_branch")
            return self.erroring(scope, depth, agg)
        return self.expr(scope, cls, depth, agg)

    def erroring(self, scope, depth, agg):
        """An integer expression that raises division by zero unless its operand is NULL."""
        x = self.expr(scope, "int", depth, agg)
        # x / 0 is NULL when x is NULL (division is strict), else an error. DuckDB's error()
        # has type NULL, and DuckDB folds `NULL-typed CASE + d` to NULL without computing
        # it, so it gets an INTEGER-typed error.
        return lambda e, x=x: (
            "(%s / 0)" % x(e) if e == "teal" else
            "(CASE WHEN (%s) IS NULL THEN NULL ELSE %s END)" % (
                x(e), "CAST(error('division by zero') AS INTEGER)" if e == "duckdb" else
                "err('division by zero')"))

    def coalesce(self, scope, cls, depth, agg):
        self.features.add("coalesce")
        n = self.rng.randint(2, 3)
        parts = ["COALESCE("]
        for i in range(n):
            if i:
                parts.append(", ")
            parts.append(self.maybe_erroring(scope, cls, depth - 1, agg) if i else
                         self.expr(scope, cls, depth - 1, agg))
        parts.append(")")
        return join_render(parts)

    def aggregate(self, scope, cls):
        rng = self.rng
        self.features.add("aggregate")
        saved = self.grouped
        self.grouped = []
        self.ref_logs.append([])
        if cls == "int":
            f = rng.choice(["count", "count_star", "sum", "min", "max"])
            if f == "count_star":
                res = lit("count(*)")
            else:
                dist = "DISTINCT " if rng.random() < 0.2 else ""
                a = self.expr(scope, "int", 1)
                res = join_render([f + "(" + dist, a, ")"])
                if f == "sum":
                    self.features.add("sum")
        elif cls == "dec":
            f = rng.choice(["sum", "min", "max"])
            a = self.expr(scope, "dec", 1)
            res = join_render([f + "(", a, ")"])
        else:
            f = rng.choice(["min", "max"])
            a = self.expr(scope, cls, 1)
            res = join_render([f + "(", a, ")"])
        self.grouped = saved
        refs = self.ref_logs.pop()
        # PostgreSQL's rule: an aggregate belongs to the innermost query level that its
        # argument's columns come from (0: its own), counting columns inside subqueries
        # of the argument too, but not their local ones
        level, s, n = {}, scope, 0
        while s is not None:
            for alias, _ in s.items:
                level.setdefault(alias, n)
            s, n = s.parent, n + 1
        pg = min([level[a] for a, _ in refs if a in level], default=0)
        direct = min([level[a] for a, d in refs if a in level and d == self.depth], default=0)
        if pg > 0:
            # every column is an outer one: the aggregate belongs to an outer query
            self.features.add("outer_aggregate")
        if pg != direct:
            # the level is decided by a column inside a subquery of the argument
            self.features.add("aggregate_level_via_subquery")
        return res

    def cmp_operands(self, scope, depth, agg):
        cls = self.rng.choice(["int", "int", "dec", "str", "date"])
        return cls, self.expr(scope, cls, depth - 1, agg), self.expr(scope, cls, depth - 1, agg)

    def pred(self, scope, depth, agg=False):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            if rng.random() < 0.2:
                ref = None if agg else self.column_ref(scope, "bool")
                if ref is not None:
                    return ref[0]
            cls, a, b = self.cmp_operands(scope, 0, agg)
            op = rng.choice(["=", "<>", "<", "<=", ">", ">="])
            return join_render(["(", a, " %s " % op, b, ")"])
        r = rng.random()
        if r < 0.2:
            cls, a, b = self.cmp_operands(scope, depth, agg)
            op = rng.choice(["=", "<>", "<", "<=", ">", ">="])
            return join_render(["(", a, " %s " % op, b, ")"])
        if r < 0.3:
            op = rng.choice([" AND ", " OR "])
            return join_render(["(", self.pred(scope, depth - 1, agg), op,
                                self.pred(scope, depth - 1, agg), ")"])
        if r < 0.35:
            return join_render(["(NOT ", self.pred(scope, depth - 1, agg), ")"])
        if r < 0.42:
            cls = rng.choice(["int", "str", "date", "dec"])
            a = self.expr(scope, cls, depth - 1, agg)
            return join_render(["(", a, rng.choice([" IS NULL", " IS NOT NULL"]), ")"])
        if r < 0.52:
            return self.in_list(scope, depth, agg)
        if r < 0.58:
            cls, a, b = self.cmp_operands(scope, depth, agg)
            c = self.expr(scope, cls, depth - 1, agg)
            neg = " NOT" if rng.random() < 0.3 else ""
            return join_render(["(", a, neg + " BETWEEN ", b, " AND ", c, ")"])
        if r < 0.63:
            cls, a, b = self.cmp_operands(scope, depth, agg)
            neg = " NOT" if rng.random() < 0.5 else ""
            return lambda e, a=a, b=b, neg=neg: (
                "(%s IS%s %s)" % (a(e), neg, b(e)) if e == "sqlite" else
                "(%s IS%s DISTINCT FROM %s)" % (a(e), "" if neg else " NOT", b(e)))
        if depth >= 1 and r < 0.73:
            self.features.add("exists")
            neg = "NOT " if rng.random() < 0.3 else ""
            sub = self.subquery(scope, None, depth - 1, exists=True)
            return join_render(["(" + neg + "EXISTS (", sub, "))"])
        if depth >= 1 and r < 0.85:
            self.features.add("in_subquery")
            cls = rng.choice(["int", "int", "str", "date", "dec"])
            a = self.expr(scope, cls, depth - 1, agg)
            sub = self.subquery(scope, cls, depth - 1)
            neg = " NOT" if rng.random() < 0.4 else ""
            if neg:
                self.features.add("not_in_subquery")
            return join_render(["(", a, neg + " IN (", sub, "))"])
        if depth >= 1 and r < 0.92:
            self.features.add("any_all")
            self.features.add("no_sqlite")
            cls = rng.choice(["int", "int", "str", "dec"])
            a = self.expr(scope, cls, depth - 1, agg)
            sub = self.subquery(scope, cls, depth - 1)
            op = rng.choice(["=", "<>", "<", "<=", ">", ">="])
            q = rng.choice(["ANY", "ALL", "SOME"])
            return join_render(["(", a, " %s %s (" % (op, q), sub, "))"])
        cls, a, b = self.cmp_operands(scope, depth, agg)
        op = rng.choice(["=", "<>", "<", ">="])
        return join_render(["(", a, " %s " % op, b, ")"])

    def in_list(self, scope, depth, agg):
        rng = self.rng
        self.features.add("in_list")
        cls = rng.choice(["int", "int", "str", "dec", "date"])
        a = self.expr(scope, cls, depth - 1, agg)
        items = []
        for _ in range(rng.randint(1, 4)):
            x = rng.random()
            if x < 0.2:
                self.features.add("in_list_null")
                items.append(lit("NULL"))
            elif x < 0.3 and cls == "int":
                # a volatile element whose value is still deterministic (0 + k)
                self.features.add("in_list_volatile")
                k = rng.randint(-2, 5)
                items.append(lambda e, k=k: "(random() * 0 + %d)" % k if e == "sqlite" else
                             "(CASE WHEN gen_random_uuid() IS NULL THEN 100 ELSE %d END)" % k)
            else:
                items.append(self.expr(scope, cls, depth - 2, agg))
        neg = " NOT" if rng.random() < 0.4 else ""
        parts = ["(", a, neg + " IN ("]
        for i, it in enumerate(items):
            if i:
                parts.append(", ")
            parts.append(it)
        parts.append("))")
        return join_render(parts)

    def scalar_subquery(self, scope, cls, depth):
        self.features.add("scalar_subquery")
        sub = self.subquery(scope, cls, depth - 1, scalar=True)
        return join_render(["(", sub, ")"])

    def from_items(self, nmax):
        rng = self.rng
        n = rng.randint(1, nmax)
        items = [(self.new_alias(), rng.choice(self.tables)) for _ in range(n)]
        return items

    def subquery(self, outer, cls, depth, scalar=False, exists=False):
        """A subquery over 1-2 tables, correlated or not. For a scalar subquery, the result
        is one value (an aggregate, or a column with LIMIT 1 under a full ORDER BY)."""
        self.depth += 1
        try:
            return self.subquery_at_depth(outer, cls, depth, scalar, exists)
        finally:
            self.depth -= 1

    def subquery_at_depth(self, outer, cls, depth, scalar, exists):
        rng = self.rng
        items = self.from_items(2)
        scope = Scope(items, outer)
        saved_grouped = getattr(self, "grouped", [])
        self.grouped = []
        from_sql = self.render_from(items, scope, inner_join_only=True)
        where = self.pred(scope, depth) if rng.random() < 0.7 else None
        if exists:
            r = rng.random()
            if r < 0.15:
                # EXISTS never computes its select list: an erroring one must not error
                self.features.add("exists_erroring_select")
                sel = self.erroring(scope, 1, False)
            else:
                sel = lit("1") if r < 0.55 else self.expr(scope, rng.choice(["int", "str"]), 1)
            parts = ["SELECT ", sel, " FROM ", from_sql]
            if where:
                parts += [" WHERE ", where]
            self.grouped = saved_grouped
            return join_render(parts)
        if scalar:
            if rng.random() < 0.6:
                sel = self.aggregate(scope, cls)
                parts = ["SELECT ", sel, " FROM ", from_sql]
                if where:
                    parts += [" WHERE ", where]
            else:
                sel = self.expr(scope, cls, 1)
                parts = ["SELECT ", sel, " FROM ", from_sql]
                if where:
                    parts += [" WHERE ", where]
                parts += [" ORDER BY 1 NULLS FIRST LIMIT 1"]
            self.grouped = saved_grouped
            return join_render(parts)
        sel = self.expr(scope, cls, 1)
        parts = ["SELECT ", sel, " FROM ", from_sql]
        if where:
            parts += [" WHERE ", where]
        self.grouped = saved_grouped
        return join_render(parts)

    def render_from(self, items, scope, inner_join_only=False, allow_semi=False):
        rng = self.rng
        # A comma starts a new join tree; an ON sees only its own tree. SQLite gives the
        # comma the precedence of JOIN, so it gets every tree after a comma in
        # parentheses: `a, (b FULL JOIN c ON …)`.
        groups = [[["%s AS %s" % (items[0][1].name, items[0][0])], 1]]  # [parts, tables]
        parts = groups[0][0]
        group_start = 0
        for i in range(1, len(items)):
            t, alias = items[i][1], items[i][0]
            kinds = ["JOIN", "CROSS JOIN", ","] if inner_join_only else [
                "JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "CROSS JOIN", ","]
            if allow_semi and i == len(items) - 1:
                kinds += ["SEMI JOIN", "ANTI JOIN"]
            kind = rng.choice(kinds)
            self.features.add("join_" + kind.split()[0].lower().replace(",", "comma"))
            if kind in ("SEMI JOIN", "ANTI JOIN"):
                # DuckDB's SEMI/ANTI JOIN; Teal and SQLite get the equivalent [NOT] EXISTS
                # in WHERE (query() adds self.semi_filter). Names in the condition are
                # qualified, so they resolve alike in an ON and in a subquery.
                self.features.add("semi_anti")
                on_scope = Scope(items[group_start:i + 1], scope.parent)
                self.force_qualified = True
                cond = self.pred(on_scope, 1)
                self.force_qualified = False
                # usually with an equality between the sides (Teal needs one for SEMI/ANTI)
                pairs = [(la, lc, c) for la, lt in items[group_start:i] for lc in lt.columns
                         for c in t.columns if c.cls == lc.cls or {c.cls, lc.cls} <= {"int", "dec"}]
                if pairs and rng.random() < 0.85:
                    la, lc, rc = rng.choice(pairs)
                    eq = "(%s.%s = %s.%s)" % (la, lc.name, alias, rc.name)
                    cond = join_render(["(", eq, " AND ", cond, ")"]) if rng.random() < 0.5 \
                        else lit(eq)
                neg = "NOT " if kind == "ANTI JOIN" else ""
                # Teal has DuckDB's SEMI/ANTI JOIN too; half the time it gets the join, half
                # the time the EXISTS form, so both are checked against DuckDB's join.
                as_join = ("duckdb", "teal") if rng.random() < 0.5 else ("duckdb",)
                if "teal" in as_join:
                    self.features.add("semi_anti_join_in_teal")
                parts.append(lambda e, kind=kind, t=t, alias=alias, cond=cond, j=as_join: (
                    " %s %s AS %s ON %s" % (kind, t.name, alias, cond(e)) if e in j else ""))
                self.semi_filter = lambda e, t=t, alias=alias, cond=cond, neg=neg, j=as_join: (
                    "" if e in j else
                    "%sEXISTS (SELECT 1 FROM %s AS %s WHERE %s)" % (neg, t.name, alias, cond(e)))
                continue
            if kind == ",":
                group_start = i
                groups.append([["%s AS %s" % (t.name, alias)], 1])
                parts = groups[-1][0]
                continue
            groups[-1][1] += 1
            if kind == "CROSS JOIN":
                parts.append(" CROSS JOIN %s AS %s" % (t.name, alias))
            else:
                # the ON condition sees the items joined so far (and outer scopes)
                on_scope = Scope(items[group_start:i + 1], scope.parent)
                # DuckDB cannot run a subquery in an outer join's ON, so those are rare
                outer = kind != "JOIN"
                cond = self.pred(on_scope, 0 if outer and rng.random() < 0.85 else 1)
                parts += [" %s %s AS %s ON " % (kind, t.name, alias), cond]
        rendered = [(join_render(g), n) for g, n in groups]

        def render(e):
            out = rendered[0][0](e)
            for r, n in rendered[1:]:
                out += ", (%s)" % r(e) if e == "sqlite" and n > 1 else ", " + r(e)
            return out

        return render

    # ---- top-level query ----

    def query(self):
        rng = self.rng
        self.features = set()
        self.grouped = []
        items = self.from_items(3)
        scope = Scope(items)
        allow_semi = len(items) > 1 and rng.random() < 0.15
        self.semi_filter = None
        from_sql = self.render_from(items, scope, allow_semi=allow_semi)
        # After a SEMI/ANTI join only the left side's columns are visible.
        if self.semi_filter is not None:
            scope = Scope(items[:-1])
        where = self.pred(scope, 2) if rng.random() < 0.7 else None
        if self.semi_filter is not None:
            semi, plain = self.semi_filter, where
            where = lambda e, semi=semi, plain=plain: (
                (plain(e) if plain else "true") if not semi(e) else
                "(%s AND %s)" % (plain(e), semi(e)) if plain else semi(e))
        grouped = rng.random() < 0.3
        select, group_by, having = [], [], None
        if grouped:
            self.features.add("group_by")
            for _ in range(rng.randint(0, 2)):
                cls = rng.choice(["int", "str", "date", "dec", "bool"])
                ref = self.column_ref(scope, cls)
                if ref is not None:
                    group_by.append((ref[0], ref[1].cls))
            self.grouped = group_by
            for _ in range(rng.randint(1, 3)):
                cls = rng.choice(["int", "int", "dec", "str", "date"])
                select.append(self.expr(scope, cls, 1, agg=True))
            if rng.random() < 0.4:
                self.features.add("having")
                having = self.having_pred(scope)
        else:
            for _ in range(rng.randint(1, 3)):
                cls = rng.choice(["int", "int", "dec", "str", "date", "bool"])
                select.append(self.expr(scope, cls, 2))
        distinct = rng.random() < 0.2
        parts = ["SELECT " + ("DISTINCT " if distinct else "")]
        for i, s in enumerate(select):
            if i:
                parts.append(", ")
            parts += [s, " AS r%d" % i]
        parts += [" FROM ", from_sql]
        if where:
            parts += [" WHERE ", where]
        if group_by:
            parts.append(" GROUP BY ")
            for i, (g, _) in enumerate(group_by):
                if i:
                    parts.append(", ")
                parts.append(g)
        if having:
            parts += [" HAVING ", having]
        ordered = False
        if rng.random() < 0.3:
            ordered = True
            self.features.add("order_limit")
            keys = []
            for i in range(len(select)):
                keys.append("%d %s NULLS %s" % (i + 1, rng.choice(["ASC", "DESC"]),
                                                 rng.choice(["FIRST", "LAST"])))
            parts.append(" ORDER BY " + ", ".join(keys))
            if rng.random() < 0.7:
                parts.append(" LIMIT %d" % rng.randint(0, 5))
                if rng.random() < 0.3:
                    parts.append(" OFFSET %d" % rng.randint(0, 3))
        q = join_render(parts)
        return q, ordered

    def having_pred(self, scope):
        cls = self.rng.choice(["int", "int", "dec"])
        a = self.aggregate(scope, cls)
        b = self.literal(cls)
        op = self.rng.choice(["=", "<>", "<", ">", ">="])
        return join_render(["(", a, " %s " % op, b, ")"])


# ---------------------------------------------------------------------------------------
# Classification
# ---------------------------------------------------------------------------------------


def classify(outcome, ordered, features):
    """Returns (class, detail). Peers are DuckDB and SQLite; a peer that errors is not a
    reference. Classes:
    agree              Teal's rows equal every answering peer's (or everyone errors)
    teal_error         Teal errors where a peer answers (detail: Teal's message)
    teal_eval_error    as teal_error, but a run-time error (overflow, division by zero,
                       conversion) on a value that the answering peer never computed
    teal_wrong         Teal answers differently from every answering peer, and the peers
                       agree with each other (or only one answered): likely a Teal bug
    peers_disagree     Teal agrees with neither peer and the peers disagree
    teal_one_peer      Teal agrees with one peer, the other differs (a peer dialect)
    unverified         Teal answers, every peer errors (detail: a peer's message)
    known:NAME         explained by KNOWN_DIALECT_DIFFERENCES
    """
    t = outcome["teal"]
    # rows compared with SQLite's are normalised loosely on both sides (norm_value)
    peer_rows = {e: ("rows", norm_rows(outcome[e][1], ordered, e == "sqlite"))
                 for e in ("duckdb", "sqlite")
                 if outcome.get(e) is not None and outcome[e][0] == "rows"}
    peer_errs = {e: outcome[e][1] for e in ("duckdb", "sqlite")
                 if outcome.get(e) is not None and outcome[e][0] == "error"}
    if t[0] == "rows":
        mine = {loose: ("rows", norm_rows(t[1], ordered, loose)) for loose in (False, True)}
        if not peer_rows:
            for name, _, reason, pred in KNOWN_DIALECT_DIFFERENCES:
                if pred(outcome, features):
                    return "known:" + name, reason
            return "unverified", next(iter(peer_errs.values()), "")
        matches = [e for e, n in peer_rows.items() if n == mine[e == "sqlite"]]
        if len(matches) == len(peer_rows):
            return "agree", ""
        if matches:
            return "teal_one_peer", ",".join(matches)
    elif not peer_rows:
        return "agree", "all error"
    for name, _, reason, pred in KNOWN_DIALECT_DIFFERENCES:
        if pred(outcome, features):
            return "known:" + name, reason
    if t[0] == "error":
        if re.search(r"^(Out of Range|Conversion) Error|^Invalid Input Error: more than one "
                     r"row returned by a subquery", t[1]):
            # an error on a value that a peer never computes: SQL leaves the order of
            # evaluation open, so this is a bug only where the query forbids evaluating
            # it (a CASE branch or COALESCE argument not taken, EXISTS's select list)
            return "teal_eval_error", t[1]
        return "teal_error", t[1]
    if len(peer_rows) == 2 and norm_rows(outcome["duckdb"][1], ordered, True) != \
            peer_rows["sqlite"]:
        return "peers_disagree", ""
    return "teal_wrong", ""


INTEGER_TYPES = set(INT_TYPES) | {"UHUGEINT", "DECIMAL"}


def type_signature(outcome):
    """For a wrong answer: names the columns that Teal types DOUBLE where DuckDB's type is
    an integer or decimal (how unsigned-with-signed arithmetic used to go wrong), else ''."""
    t, d = outcome["teal"], outcome.get("duckdb")
    if d is None or d[0] != "rows" or len(t) < 3 or len(d) < 3:
        return ""
    cols = ["%s vs DuckDB %s" % (a, b) for a, b in zip(t[2], d[2])
            if a == "DOUBLE" and b.split("(")[0] in INTEGER_TYPES]
    return "typed " + ", ".join(cols) if cols else ""


def error_signature(msg):
    """A message with numbers, quoted names and literals blanked, to group errors."""
    s = msg.split("\n")[0]
    s = re.sub(r'"[^"]*"', '"_"', s)
    s = re.sub(r"'[^']*'", "'_'", s)
    s = re.sub(r"-?\d+(\.\d+)?", "N", s)
    s = re.sub(r"\b[xt]N\.", "", s)
    return s[:110]


# ---------------------------------------------------------------------------------------
# Main loop
# ---------------------------------------------------------------------------------------


def replay(args):
    text = open(args.replay).read()
    stmts = [x.strip() for x in re.split(r";\s*\n", text) if x.strip() and
             not all(line.startswith("--") for line in x.strip().splitlines())]
    stmts[-1] = stmts[-1].rstrip(";")
    engines = [TealEngine(args.driver, args.timeout), DuckDBEngine(args.duckdb),
               SQLiteEngine(max_steps=200000)]
    for eng in engines:
        eng.reset(stmts[:-1])
        r = eng.query(stmts[-1])
        if r[0] == "error":
            print("%-7s ERROR %s" % (eng.name, r[1].split("\n")[0]))
        else:
            print("%-7s %d rows %s" % (eng.name, len(r[1]), " ".join(r[2])))
            for row in r[1][:40]:
                print("        " + " | ".join("NULL" if v is None else v for v in row))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--queries", type=int, default=2000, help="queries to run in all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-schema", type=int, default=100,
                    help="queries per random schema before a new one")
    ap.add_argument("--driver", default=os.path.join(ROOT, "build/release/test/teal-difftest-driver"))
    ap.add_argument("--duckdb", default=os.environ.get("TEAL_DUCKDB_LIB", os.path.join(
        ROOT, "bench/duckdb/libduckdb.so")))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per Teal query")
    ap.add_argument("--out", default="difftest-report.json",
                    help="where to write every disagreement (JSON)")
    ap.add_argument("--examples", type=int, default=3,
                    help="examples kept per distinct disagreement signature")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--replay", metavar="FILE",
                    help="run FILE's statements (separated by ';' at line ends) on every "
                    "engine and print each engine's answer to the last one; for minimising")
    ap.add_argument("--duckdb-worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.duckdb_worker:
        duckdb_worker(args.duckdb)
        return
    if args.replay:
        replay(args)
        return
    check_dialect_doc()

    for path, what in ((args.driver, "Teal driver (see test/tools/README.md)"),
                       (args.duckdb, "libduckdb.so (scripts/fetch-duckdb.sh)")):
        if not os.path.exists(path):
            sys.exit("difftest: %s not found at %s" % (what, path))

    rng = random.Random(args.seed)
    teal = TealEngine(args.driver, args.timeout)
    duck = DuckDBProcess(args.duckdb, args.timeout)
    lite = SQLiteEngine(max_steps=200000)
    counts = collections.Counter()
    known = collections.Counter()
    groups = collections.OrderedDict()  # (class, signature) -> {"count", "examples"}
    started = time.monotonic()
    done = 0
    schema_no = 0
    while done < args.queries:
        tables = random_schema(rng)
        setup = setup_sql(tables)
        teal.reset(setup)
        duck.reset(setup)
        lite.reset(setup)
        schema_no += 1
        gen = QueryGen(rng, tables)
        for _ in range(min(args.per_schema, args.queries - done)):
            q, ordered = gen.query()
            feats = set(gen.features)
            outcome = {}
            outcome["teal"] = teal.query(q("teal"))
            outcome["duckdb"] = duck.query(q("duckdb"))
            outcome["sqlite"] = None if ("no_sqlite" in feats or "bigtype" in feats) else \
                lite.query(q("sqlite"))
            done += 1
            cls, detail = classify(outcome, ordered, feats)
            sig = error_signature(detail) if cls in ("teal_error", "teal_eval_error",
                                                    "unverified") else ""
            counts[cls] += 1
            if cls == "agree" or cls.startswith("known:"):
                continue
            if cls == "teal_wrong":
                sig = type_signature(outcome)
            if cls == "teal_one_peer":
                sig = "agrees with " + detail
                other = [e for e in ("duckdb", "sqlite") if e not in detail.split(",")]
                if other and _err(outcome, other[0]):
                    # the other peer errors: its message says why (often its own dialect)
                    sig += "; %s: %s" % (other[0], error_signature(_err(outcome, other[0])))
            if outcome["teal"][0] == "error" and re.search("CRASH|TIMEOUT", outcome["teal"][1]):
                sig = outcome["teal"][1]
            key = (cls, sig)
            g = groups.setdefault(key, {"count": 0, "examples": [],
                                        "features": collections.Counter()})
            g["count"] += 1
            g["features"].update(feats)
            ex = {"setup": setup, "teal_sql": q("teal"), "duckdb_sql": q("duckdb"),
                  "sqlite_sql": None if outcome["sqlite"] is None else q("sqlite"),
                  "ordered": ordered, "features": sorted(feats),
                  "teal": outcome["teal"], "duckdb": outcome["duckdb"],
                  "sqlite": None if outcome["sqlite"] is None else outcome["sqlite"][:2]}
            g["examples"].append(ex)
            g["examples"].sort(key=lambda x: len(x["teal_sql"]) + sum(map(len, x["setup"])))
            del g["examples"][args.examples:]
            if args.verbose:
                print("[%s] %s\n  %s" % (cls, sig, q("teal")))
        if schema_no % 20 == 0:
            print("difftest: %d queries, %.0fs, %s" % (done, time.monotonic() - started,
                                                       dict(counts)), file=sys.stderr)
    elapsed = time.monotonic() - started
    print("difftest: seed %d, %d queries on %d schemas in %.0fs" % (args.seed, done, schema_no,
                                                                    elapsed))
    if duck.crashes:
        print("  DuckDB crashed on %d queries (counted as DuckDB errors)" % duck.crashes)
    for cls, n in sorted(counts.items()):
        reason = ""
        for name, _, why, _ in KNOWN_DIALECT_DIFFERENCES:
            if cls == "known:" + name:
                reason = "  (" + why + ")"
        print("  %-28s %6d%s" % (cls, n, reason))
    print("distinct disagreement signatures: %d" % len(groups))
    for (cls, sig), g in sorted(groups.items(), key=lambda kv: -kv[1]["count"]):
        print("  %5d  %-15s %s" % (g["count"], cls, sig))
    with open(args.out, "w") as f:
        # "features": in how many of the group's queries each generator feature occurs
        json.dump([{"class": c, "signature": s, "count": g["count"],
                    "features": dict(g["features"].most_common()), "examples": g["examples"]}
                   for (c, s), g in groups.items()], f, indent=1)
    print("details: %s" % args.out)


if __name__ == "__main__":
    main()
