# Builds sakila.db from github.com/ivanceras/sakila (commit 2b3b3a2ae62fc158d0b6e5254d0c1296ccd8d083):
# sqlite-sakila-db/sqlite-sakila-schema.sql as sqlite-schema.sql (its triggers removed: they stamp
# last_update with the build time) and mysql-sakila-db/sakila-data.sql as mysql-data.sql (MySQL AB's
# original data, 16044 rentals and 16049 payments). Run: python3 sakila-build.py && gzip -9 -n sakila.db
import re, sqlite3, sys, os
schema = open('sqlite-schema.sql', encoding='latin-1').read()
schema = re.sub(r'CREATE TRIGGER .*?\bEND\s*;', '', schema, flags=re.S)
data = open('mysql-data.sql', encoding='latin-1').read()
if os.path.exists('sakila.db'): os.remove('sakila.db')
db = sqlite3.connect('sakila.db')
db.executescript(schema)
esc = {'0': '\0', 'n': '\n', 'r': '\r', 'Z': '\x1a', 't': '\t', 'b': '\b'}
def parse_values(s, i):
    rows = []
    while True:
        while s[i] in ' ,\n': i += 1
        if s[i] == ';': return rows, i + 1
        assert s[i] == '(', s[i:i+40]
        i += 1; row = []
        while True:
            c = s[i]
            if c == "'":
                i += 1; buf = []
                while True:
                    c = s[i]
                    if c == '\\':
                        n = s[i+1]; buf.append(esc.get(n, n)); i += 2
                    elif c == "'":
                        if s[i+1] == "'": buf.append("'"); i += 2
                        else: i += 1; break
                    else: buf.append(c); i += 1
                row.append(''.join(buf))
            else:
                m = re.compile(r'[^,)]+').match(s, i); tok = m.group(0).strip(); i = m.end()
                if tok == 'NULL': row.append(None)
                elif re.fullmatch(r'-?\d+', tok): row.append(int(tok))
                else: row.append(float(tok)) if re.fullmatch(r'-?\d+\.\d+', tok) else row.append(tok)
            while s[i] == ' ': i += 1
            if s[i] == ',': i += 1; continue
            assert s[i] == ')'; i += 1; break
        rows.append(row)
counts = {}
for m in re.finditer(r'^INSERT INTO (\w+) VALUES ', data, flags=re.M):
    t = m.group(1)
    rows, _ = parse_values(data, m.end())
    if t == 'staff':  # picture is binary, read as latin-1
        for r in rows:
            if r[4] is not None: r[4] = r[4].encode('latin-1')
    ph = ','.join('?' * len(rows[0]))
    db.executemany(f'INSERT INTO {t} VALUES ({ph})', rows)
    counts[t] = counts.get(t, 0) + len(rows)
db.commit()
print(counts)
print(db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
