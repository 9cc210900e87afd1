# Builds oracle_hr.db from github.com/oracle-samples/db-sample-schemas (commit
# 6660bad68c07bd143430ace58565b3f727e17263, MIT): the Human Resources (HR) schema, its tables,
# keys and checks from human_resources/hr_create.sql translated to SQLite below (its sequences
# are left out, as is emp_details_view: a convenience join that would give a question a second,
# equally valid table to answer from), filled with human_resources/hr_populate.sql as
# hr_populate.sql. Oracle literals are translated: TO_DATE('DD-MM-YYYY', 'dd-MM-yyyy') becomes ISO
# text 'YYYY-MM-DD'. Run: python3 oracle_hr-build.py && gzip -9 -n oracle_hr.db
import os, re, sqlite3
SCHEMA = '''
CREATE TABLE regions (
  region_id   INTEGER PRIMARY KEY,
  region_name VARCHAR(25)
);
CREATE TABLE countries (
  country_id   CHAR(2) NOT NULL PRIMARY KEY,
  country_name VARCHAR(60),
  region_id    INTEGER REFERENCES regions (region_id)
);
CREATE TABLE locations (
  location_id    INTEGER PRIMARY KEY,
  street_address VARCHAR(40),
  postal_code    VARCHAR(12),
  city           VARCHAR(30) NOT NULL,
  state_province VARCHAR(25),
  country_id     CHAR(2) REFERENCES countries (country_id)
);
CREATE TABLE departments (
  department_id   INTEGER PRIMARY KEY,
  department_name VARCHAR(30) NOT NULL,
  manager_id      INTEGER REFERENCES employees (employee_id),
  location_id     INTEGER REFERENCES locations (location_id)
);
CREATE TABLE jobs (
  job_id     VARCHAR(10) NOT NULL PRIMARY KEY,
  job_title  VARCHAR(35) NOT NULL,
  min_salary INTEGER,
  max_salary INTEGER
);
CREATE TABLE employees (
  employee_id    INTEGER PRIMARY KEY,
  first_name     VARCHAR(20),
  last_name      VARCHAR(25) NOT NULL,
  email          VARCHAR(25) NOT NULL UNIQUE,
  phone_number   VARCHAR(20),
  hire_date      DATE NOT NULL,
  job_id         VARCHAR(10) NOT NULL REFERENCES jobs (job_id),
  salary         NUMERIC(8,2) CHECK (salary > 0),
  commission_pct NUMERIC(2,2),
  manager_id     INTEGER REFERENCES employees (employee_id),
  department_id  INTEGER REFERENCES departments (department_id)
);
CREATE TABLE job_history (
  employee_id   INTEGER NOT NULL REFERENCES employees (employee_id),
  start_date    DATE NOT NULL,
  end_date      DATE NOT NULL,
  job_id        VARCHAR(10) NOT NULL REFERENCES jobs (job_id),
  department_id INTEGER REFERENCES departments (department_id),
  PRIMARY KEY (employee_id, start_date),
  CHECK (end_date > start_date)
);
CREATE INDEX emp_department_ix ON employees (department_id);
CREATE INDEX emp_job_ix ON employees (job_id);
CREATE INDEX emp_manager_ix ON employees (manager_id);
CREATE INDEX emp_name_ix ON employees (last_name, first_name);
CREATE INDEX dept_location_ix ON departments (location_id);
CREATE INDEX jhist_job_ix ON job_history (job_id);
CREATE INDEX jhist_employee_ix ON job_history (employee_id);
CREATE INDEX jhist_department_ix ON job_history (department_id);
CREATE INDEX loc_city_ix ON locations (city);
CREATE INDEX loc_state_province_ix ON locations (state_province);
CREATE INDEX loc_country_ix ON locations (country_id);
'''
src = open('hr_populate.sql', encoding='utf-8').read()

def string(s, i):
    # An Oracle string literal starting at s[i] == "'", with '' for a quote.
    assert s[i] == "'", s[i:i+40]
    i += 1; buf = []
    while True:
        j = s.index("'", i); buf.append(s[i:j])
        if s[j+1:j+2] == "'": buf.append("'"); i = j + 2
        else: return ''.join(buf), j + 1

def skip(s, i):
    while s[i] in ' \t\r\n': i += 1
    return i

def value(s, i):
    i = skip(s, i)
    if s[i] == "'": return string(s, i)
    if s.startswith('TO_DATE(', i):
        v, i = string(s, i + 8); i = skip(s, i); assert s[i] == ','
        fmt, i = string(s, skip(s, i + 1)); i = skip(s, i); assert s[i] == ')' and fmt == 'dd-MM-yyyy'
        d, mo, y = v.split('-')
        return f'{int(y):04d}-{int(mo):02d}-{int(d):02d}', i + 1
    m = re.compile(r'[^,)\s]+').match(s, i); tok = m.group(0)
    if tok == 'NULL': return None, m.end()
    if re.fullmatch(r'-?\d+', tok): return int(tok), m.end()
    return float(tok), m.end()

if os.path.exists('oracle_hr.db'): os.remove('oracle_hr.db')
db = sqlite3.connect('oracle_hr.db')
db.executescript(SCHEMA)
counts = {}
# Every insert of hr_populate.sql is positional: INSERT INTO t VALUES (...), in the column order
# of hr_create.sql, which the tables above keep.
for m in re.finditer(r'INSERT INTO (\w+)\s+VALUES\s*\(', src):
    i = m.end(); row = []
    while True:
        v, i = value(src, i); row.append(v); i = skip(src, i)
        if src[i] == ',': i += 1; continue
        assert src[i] == ')', src[i:i+40]; break
    db.execute(f'INSERT INTO {m.group(1)} VALUES ({",".join("?" * len(row))})', row)
    counts[m.group(1)] = counts.get(m.group(1), 0) + 1
db.commit()
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
