#!/usr/bin/env python3
# Builds employees.db: the MySQL "employees" sample database (test_db), a made-up company's
# personnel history 1985-2002: 9 departments, employees with birth and hire dates, and four
# history tables with validity ranges (from_date/to_date, '9999-01-01' = current): which
# department each employee belonged to (dept_emp), who managed each department (dept_manager),
# the job titles each employee held (titles) and every yearly salary (salaries).
#
# Data: the "employees" sample of MySQL (Copyright (C) 2007, 2008 MySQL AB; original data created
#   by Fusheng Wang and Carlo Zaniolo at Siemens Corporate Research, schema by Giuseppe Maxia,
#   conversion to relational form by Patrick Crews), github.com/datacharmer/test_db, under the
#   Creative Commons Attribution-Share Alike 3.0 Unported licence. See employees.LICENSE.
#   The data is fabricated and does not describe real people (the source's disclaimer).
#
# Copies used (two git dirs, both read at pinned commits with `git show`):
#   1. github.com/bytebase/employee-sample-database, commit
#      c3d0a6e1b6623b19d213b754b3a5104dcfdff65b (2025-06-14; the data files last changed in
#      b7de97d0c58f650f0da4497a09a0ca3d284c0711, 2023-04-10, ".dump to .sql"), folder
#      mysql/dataset_large/: "~3% of the dataset_full (10000 employees vs 300024 employees)", i.e.
#      the employees with emp_no 10001-20000 and ALL their rows in dept_emp, titles and salaries,
#      plus all 24 dept_manager rows and all 9 departments. The ROWS are read from here, because
#      test_db's own employee, dept_emp, titles and salaries dumps are 4 MiB or larger and absent
#      from the stored snapshot of test_db (the reason the 20th, 27th and 35th rounds failed).
#      Files: load_department.sql, load_employee.sql, load_dept_emp.sql, load_dept_manager.sql,
#      load_title.sql, load_salary1.sql (MySQL INSERT statements).
#   2. github.com/datacharmer/test_db, commit 3c7fa05e04b4c339d91a43b7029a210212d48e6c
#      (2023-08-26, the newest): the NAMES are read from here. bytebase renamed the tables to the
#      singular (employee, department, title, salary) and salary.salary to salary.amount;
#      this build restores test_db's original names, checked against test_db's employees.sql:
#      employees, departments, dept_emp, dept_manager, titles, salaries (column `salary`).
#      test_db's load_departments.dump is checked to equal bytebase's departments.
#
# Checks: every table's row count and the MD5 chain checksum of bytebase's
#   test_employee_md5.sql for dataset_large (MD5(CONCAT_WS('#', @crc, col, ...)) over the rows in
#   key order) are recomputed here and must match, so the rows are exactly bytebase's. Spot
#   checks against other public copies of test_db's full dumps (employees 11439-11711, the
#   salaries of 10006 and 10032) found the same values.
#
# dept_manager (read this before asking about managers): test_db's 24 manager rows name
#   employees 110022-111939, who are outside 10001-20000. bytebase kept the 24 rows (same
#   dept_no, from_date and to_date, checked here against test_db's load_dept_manager.dump) but
#   re-pointed emp_no into the sample: 110022 -> 10002, every other one -> emp_no - 100000
#   (110039 -> 10039, ..., 111939 -> 11939). The "managers" are therefore ordinary sampled
#   employees: none holds the title 'Manager' (no title 'Manager' exists in the sample), most
#   never belonged to the department they manage, and some terms start before their hire date.
#   The rows are kept as bytebase has them (the only way to keep every manager with a name).
#
# Types: INTEGER for emp_no and salary, TEXT for everything else; dates stay MySQL's
#   'YYYY-MM-DD' text, '9999-01-01' kept as the "still valid" marker; gender stays the ENUM
#   values 'M'/'F' (CHECK constraint). Keys as in test_db's employees.sql: PRIMARY KEYs
#   employees(emp_no), departments(dept_no) with UNIQUE dept_name, dept_emp and dept_manager
#   (emp_no, dept_no), titles (emp_no, title, from_date), salaries (emp_no, from_date);
#   REFERENCES from every history table to employees and from dept_emp/dept_manager to
#   departments. test_db's two views (dept_emp_latest_date, current_dept_emp) are left out.
#   Nothing is changed in the values. Rows are inserted in primary-key order.
#
# Usage (Python 3, standard library only):
#   python3 employees-build.py <bytebase git dir> <test_db git dir> <out.db>
#   e.g. python3 employees-build.py /work/.mirror/bytebase+employee-sample-database/repo \
#            /work/.mirror/datacharmer+test_db/repo employees.db && gzip -9 -n employees.db
import hashlib, os, re, sqlite3, subprocess, sys

BB_COMMIT = 'c3d0a6e1b6623b19d213b754b3a5104dcfdff65b'
TD_COMMIT = '3c7fa05e04b4c339d91a43b7029a210212d48e6c'
BB_DIR = 'mysql/dataset_large/'

SCHEMA = '''
CREATE TABLE employees (
    emp_no      INTEGER     NOT NULL PRIMARY KEY,
    birth_date  DATE        NOT NULL,
    first_name  VARCHAR(14) NOT NULL,
    last_name   VARCHAR(16) NOT NULL,
    gender      CHAR(1)     NOT NULL CHECK (gender IN ('M', 'F')),
    hire_date   DATE        NOT NULL
);
CREATE TABLE departments (
    dept_no     CHAR(4)     NOT NULL PRIMARY KEY,
    dept_name   VARCHAR(40) NOT NULL UNIQUE
);
CREATE TABLE dept_manager (
    emp_no      INTEGER     NOT NULL REFERENCES employees (emp_no) ON DELETE CASCADE,
    dept_no     CHAR(4)     NOT NULL REFERENCES departments (dept_no) ON DELETE CASCADE,
    from_date   DATE        NOT NULL,
    to_date     DATE        NOT NULL,
    PRIMARY KEY (emp_no, dept_no)
);
CREATE TABLE dept_emp (
    emp_no      INTEGER     NOT NULL REFERENCES employees (emp_no) ON DELETE CASCADE,
    dept_no     CHAR(4)     NOT NULL REFERENCES departments (dept_no) ON DELETE CASCADE,
    from_date   DATE        NOT NULL,
    to_date     DATE        NOT NULL,
    PRIMARY KEY (emp_no, dept_no)
);
CREATE TABLE titles (
    emp_no      INTEGER     NOT NULL REFERENCES employees (emp_no) ON DELETE CASCADE,
    title       VARCHAR(50) NOT NULL,
    from_date   DATE        NOT NULL,
    to_date     DATE,
    PRIMARY KEY (emp_no, title, from_date)
);
CREATE TABLE salaries (
    emp_no      INTEGER     NOT NULL REFERENCES employees (emp_no) ON DELETE CASCADE,
    salary      INTEGER     NOT NULL,
    from_date   DATE        NOT NULL,
    to_date     DATE        NOT NULL,
    PRIMARY KEY (emp_no, from_date)
);
CREATE INDEX dept_manager_dept_no ON dept_manager (dept_no);
CREATE INDEX dept_emp_dept_no ON dept_emp (dept_no);
'''

# target table: (bytebase file, bytebase table, columns, key order, md5 column order, rows, md5)
TABLES = [
    ('departments', 'load_department', 'department', ['dept_no', 'dept_name'],
     (0,), (0, 1), 9, 'd1af5e170d2d1591d776d5638d71fc5f'),
    ('employees', 'load_employee', 'employee',
     ['emp_no', 'birth_date', 'first_name', 'last_name', 'gender', 'hire_date'],
     (0,), (0, 1, 2, 3, 4, 5), 10000, '2b9ee8043563317634407daf42a9ef0b'),
    ('dept_emp', 'load_dept_emp', 'dept_emp', ['emp_no', 'dept_no', 'from_date', 'to_date'],
     (1, 0), (1, 0, 2, 3), 11051, 'fc43a976d1406705d9707f6fea1df9df'),
    ('dept_manager', 'load_dept_manager', 'dept_manager',
     ['emp_no', 'dept_no', 'from_date', 'to_date'],
     (1, 0), (1, 0, 2, 3), 24, '953e3c0c8360805645498ada817b66e9'),
    ('titles', 'load_title', 'title', ['emp_no', 'title', 'from_date', 'to_date'],
     (0, 1, 2), (0, 1, 2, 3), 14782, 'ffa808be19d75619f415e2964cbe0320'),
    ('salaries', 'load_salary1', 'salary', ['emp_no', 'salary', 'from_date', 'to_date'],
     (0, 2, 3), (0, 1, 2, 3), 94917, '0fcb81f97f6b0eacb01a22a085e6512d'),
]


def git_show(gitdir, commit, path):
    return subprocess.run(['git', '--git-dir', gitdir, 'show', '%s:%s' % (commit, path)],
                          check=True, capture_output=True).stdout.decode('utf-8')


def parse_inserts(text, table):
    """Rows of `INSERT INTO `table` VALUES (...),(...);` statements: ints and quoted strings."""
    rows = []
    pos = 0
    head = re.compile(r'INSERT INTO `?%s`? VALUES\s*' % re.escape(table))
    while True:
        m = head.search(text, pos)
        if not m:
            break
        i = m.end()
        while True:
            while text[i] in ' \t\r\n,':
                i += 1
            if text[i] == ';':
                i += 1
                break
            assert text[i] == '(', text[i:i + 40]
            i += 1
            row = []
            while True:
                while text[i] in ' \t\r\n':
                    i += 1
                if text[i] == "'":
                    i += 1
                    buf = []
                    while True:
                        c = text[i]
                        if c == '\\':
                            buf.append(text[i + 1]); i += 2
                        elif c == "'" and text[i + 1] == "'":
                            buf.append("'"); i += 2
                        elif c == "'":
                            i += 1; break
                        else:
                            buf.append(c); i += 1
                    row.append(''.join(buf))
                else:
                    m2 = re.compile(r'-?\d+|NULL').match(text, i)
                    assert m2, text[i:i + 40]
                    row.append(None if m2.group() == 'NULL' else int(m2.group()))
                    i = m2.end()
                while text[i] in ' \t\r\n':
                    i += 1
                if text[i] == ',':
                    i += 1
                    continue
                assert text[i] == ')', text[i:i + 40]
                i += 1
                break
            rows.append(tuple(row))
        pos = i
    return rows


def md5_chain(rows, cols):
    crc = ''
    for r in rows:
        crc = hashlib.md5('#'.join([crc] + [str(r[c]) for c in cols]).encode('utf-8')).hexdigest()
    return crc


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__ or 'usage: employees-build.py <bytebase git dir> <test_db git dir> <out.db>')
    bb, td, out = sys.argv[1:]

    # test_db's names: every table and column of SCHEMA must appear in test_db's employees.sql.
    ddl = git_show(td, TD_COMMIT, 'employees.sql')
    for t in re.findall(r'CREATE TABLE (\w+) \(', SCHEMA):
        m = re.search(r'CREATE TABLE %s \((.*?)\n\)' % t, ddl, re.S)
        assert m, t
        src_cols = re.findall(r'^\s+(\w+)\s+(?:INT|DATE|VARCHAR|CHAR|ENUM)', m.group(1), re.M)
        mine = re.search(r'CREATE TABLE %s \((.*?)\n\);' % t, SCHEMA, re.S).group(1)
        my_cols = re.findall(r'^\s+(\w+)\s+(?:INTEGER|DATE|VARCHAR|CHAR)', mine, re.M)
        assert src_cols == my_cols, (t, src_cols, my_cols)

    data = {}
    for target, fname, bbtable, cols, key, md5cols, nrows, md5 in TABLES:
        rows = parse_inserts(git_show(bb, BB_COMMIT, BB_DIR + fname + '.sql'), bbtable)
        assert len(rows) == nrows, (target, len(rows))
        assert all(len(r) == len(cols) for r in rows), target
        rows.sort(key=lambda r: tuple(r[k] for k in key))
        got = md5_chain(rows, md5cols)
        assert got == md5, (target, got, md5)
        data[target] = (cols, rows)

    # test_db's own departments and dept_manager (both small enough to be in its snapshot).
    tdep = parse_inserts(git_show(td, TD_COMMIT, 'load_departments.dump'), 'departments')
    assert sorted(tdep) == data['departments'][1], 'departments differ from test_db'
    tman = sorted(parse_inserts(git_show(td, TD_COMMIT, 'load_dept_manager.dump'), 'dept_manager'),
                  key=lambda r: (r[1], r[2]))
    bman = sorted(data['dept_manager'][1], key=lambda r: (r[1], r[2]))
    assert len(tman) == len(bman) == 24
    for t, b in zip(tman, bman):
        assert t[1:] == b[1:], (t, b)
        assert b[0] == (10002 if t[0] == 110022 else t[0] - 100000), (t, b)

    if os.path.exists(out):
        os.remove(out)
    con = sqlite3.connect(out)
    con.execute('PRAGMA foreign_keys = ON')
    con.executescript(SCHEMA)
    for target in ['departments', 'employees', 'dept_emp', 'dept_manager', 'titles', 'salaries']:
        cols, rows = data[target]
        if target in ('dept_emp', 'dept_manager'):
            rows = sorted(rows)  # primary-key order (emp_no, dept_no)
        con.executemany('INSERT INTO %s (%s) VALUES (%s)' % (target, ', '.join(cols),
                        ', '.join('?' * len(cols))), rows)
    con.commit()
    assert con.execute('PRAGMA foreign_key_check').fetchall() == []
    assert con.execute('PRAGMA integrity_check').fetchall() == [('ok',)]
    con.execute('VACUUM')
    con.close()
    for target, *_rest in TABLES:
        print(target, len(data[target][1]))


if __name__ == '__main__':
    main()
